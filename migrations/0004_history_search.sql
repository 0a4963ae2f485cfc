-- History search (decision 0032): one FTS5 row per shopping list with its name, item names and
-- recipe titles, folded for case and accents by the unicode61 tokenizer (remove_diacritics 2).
-- `list_key` and `owner` are single tokens ('l' || hex(list id), 'u' || hex(user id)) so a row can be
-- found by its list and a search can be limited to one owner inside the index.
-- Rows are written by the list insert batch and the item removal batch (worker/db/lists.ts); the
-- triggers below keep them in step when a list is deleted (also by a cascade from its user), renamed
-- or claimed.
CREATE VIRTUAL TABLE `shopping_list_search` USING fts5(
	list_id UNINDEXED,
	list_key,
	owner,
	name,
	items,
	recipes,
	tokenize = 'unicode61 remove_diacritics 2'
);
--> statement-breakpoint
INSERT INTO `shopping_list_search` (list_id, list_key, owner, name, items, recipes)
SELECT l.id, 'l' || hex(l.id), 'u' || hex(coalesce(l.user_id, '')), l.name,
	coalesce((SELECT group_concat(i.name, ' ') FROM shopping_list_items i WHERE i.list_id = l.id), ''),
	coalesce((SELECT group_concat(r.title, ' ') FROM shopping_list_recipes r WHERE r.list_id = l.id), '')
FROM shopping_lists l;
--> statement-breakpoint
CREATE TRIGGER `shopping_list_search_delete` AFTER DELETE ON `shopping_lists` BEGIN
	DELETE FROM shopping_list_search WHERE rowid IN (
		SELECT rowid FROM shopping_list_search WHERE shopping_list_search MATCH 'list_key : l' || hex(old.id)
	);
END;
--> statement-breakpoint
CREATE TRIGGER `shopping_list_search_owner` AFTER UPDATE OF user_id ON `shopping_lists` BEGIN
	UPDATE shopping_list_search SET owner = 'u' || hex(coalesce(new.user_id, '')) WHERE rowid IN (
		SELECT rowid FROM shopping_list_search WHERE shopping_list_search MATCH 'list_key : l' || hex(new.id)
	);
END;
--> statement-breakpoint
CREATE TRIGGER `shopping_list_search_name` AFTER UPDATE OF name ON `shopping_lists` BEGIN
	UPDATE shopping_list_search SET name = new.name WHERE rowid IN (
		SELECT rowid FROM shopping_list_search WHERE shopping_list_search MATCH 'list_key : l' || hex(new.id)
	);
END;
