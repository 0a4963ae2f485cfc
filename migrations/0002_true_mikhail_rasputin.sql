CREATE TABLE `list_email_sends` (
	`id` text PRIMARY KEY NOT NULL,
	`list_id` text NOT NULL,
	`sender_key` text NOT NULL,
	`recipient_hash` text NOT NULL,
	`outbox_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`list_id`) REFERENCES `shopping_lists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `list_email_sends_sender_idx` ON `list_email_sends` (`sender_key`,`created_at`);--> statement-breakpoint
CREATE INDEX `list_email_sends_recipient_idx` ON `list_email_sends` (`recipient_hash`,`created_at`);--> statement-breakpoint
CREATE INDEX `list_email_sends_list_idx` ON `list_email_sends` (`list_id`,`created_at`);