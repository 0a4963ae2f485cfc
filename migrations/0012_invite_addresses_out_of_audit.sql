-- Household audit lines keep no invitee's address (decision 0036): a mailed invitation's line names the
-- invitation only. Lines written before this carried it in `details`.
UPDATE `household_audit_log` SET `details` = NULL WHERE `action` = 'invite_emailed';
--> statement-breakpoint
-- Invitations that can no longer be used forget where they were mailed (the scheduled job does this from now on).
UPDATE `household_invites` SET `email` = NULL WHERE `email` IS NOT NULL AND `expires_at` < CAST(unixepoch('subsec') * 1000 AS INTEGER);
