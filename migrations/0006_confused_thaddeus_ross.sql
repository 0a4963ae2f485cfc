CREATE TABLE `list_shares` (
	`id` text PRIMARY KEY NOT NULL,
	`list_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`list_id`) REFERENCES `shopping_lists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `list_shares_list_idx` ON `list_shares` (`list_id`);--> statement-breakpoint
CREATE TABLE `user_item_categories` (
	`user_id` text NOT NULL,
	`item_key` text NOT NULL,
	`category` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `item_key`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `user_staples` (
	`user_id` text NOT NULL,
	`item_key` text NOT NULL,
	`have` integer NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `item_key`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `shopping_list_items` ADD `checked_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `shopping_list_items` ADD `added_by_hand` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `shopping_list_items` ADD `staple` integer DEFAULT false NOT NULL;