CREATE TABLE `admin_audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`action` text NOT NULL,
	`actor_id` text NOT NULL,
	`actor_email` text NOT NULL,
	`target_id` text NOT NULL,
	`target_email` text NOT NULL,
	`details` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `admin_audit_log_created_idx` ON `admin_audit_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `admin_audit_log_target_idx` ON `admin_audit_log` (`target_id`);--> statement-breakpoint
ALTER TABLE `recipes` ADD `copied_from_id` text;--> statement-breakpoint
CREATE INDEX `recipes_user_copied_idx` ON `recipes` (`user_id`,`copied_from_id`);