-- An accepted invitation forgets the address it went to once the account that accepted it is deleted
-- (issue 24, decision 0071): the address was that person's, not the inviter's record.
ALTER TABLE invites ALTER COLUMN email DROP NOT NULL;
UPDATE invites SET email = NULL WHERE accepted_at IS NOT NULL AND accepted_by IS NULL;
