ALTER TABLE `mail_outbox` ADD `next_attempt_at` integer;--> statement-breakpoint
ALTER TABLE `recipes` ADD `edit_token_hash` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `last_used_at` integer;--> statement-breakpoint
ALTER TABLE `sessions` ADD `user_agent` text;--> statement-breakpoint
ALTER TABLE `shopping_lists` ADD `edit_token_hash` text;