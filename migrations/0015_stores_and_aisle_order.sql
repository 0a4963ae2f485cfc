CREATE TABLE `stores` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`household_id` text,
	`name` text NOT NULL,
	`aisles` text NOT NULL,
	`hidden` text NOT NULL,
	`last_used_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`household_id`) REFERENCES `households`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `stores_user_idx` ON `stores` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `stores_household_idx` ON `stores` (`household_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `shopping_lists` ADD `store_id` text REFERENCES stores(id) ON DELETE set null;