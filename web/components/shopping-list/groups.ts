/** The list page's own groups after the aisles (issue 17), shared by the list page and the shared-list page. */
export const CART_GROUP = "In the cart";
export const STAPLES_GROUP = "You probably have";
