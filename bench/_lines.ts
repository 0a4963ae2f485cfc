/** Fifteen everyday ingredient lines, written for the bench (no data set's rows): each names a different thing. */
export const EVERYDAY_LINES = [
  "2 onions, chopped",
  "3 cloves garlic, minced",
  "1 tbsp olive oil",
  "400 g canned tomatoes",
  "1 tsp salt",
  "½ tsp black pepper",
  "500 g minced beef",
  "1 red pepper, sliced",
  "2 carrots, diced",
  "250 ml chicken stock",
  "1 cup long-grain rice",
  "100 g cheddar cheese, grated",
  "2 tbsp tomato paste",
  "1 tsp ground cumin",
  "a handful of fresh parsley",
];
