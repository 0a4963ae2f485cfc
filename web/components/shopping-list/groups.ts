/** The list page's own groups after the aisles: one grouping for every view and export (core/shopping/groups.ts). */
export { CART_GROUP, STAPLES_GROUP, listGroups } from "../../../core/shopping/groups.ts";
