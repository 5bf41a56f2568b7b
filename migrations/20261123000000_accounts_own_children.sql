-- Every account has a users row, so a child can name its owner with a foreign key. A built-in account
-- has an email and a password hash; an account that signs in through Clerk has neither (Clerk keeps
-- them) and gets its row when it first changes its children.
ALTER TABLE users ALTER COLUMN email DROP NOT NULL;
ALTER TABLE users ALTER COLUMN password_hash DROP NOT NULL;
ALTER TABLE users ADD CONSTRAINT users_sign_in_complete CHECK ((email IS NULL) = (password_hash IS NULL));

-- Owners from before this migration (Clerk accounts, or built-in rows removed by hand) keep their children.
INSERT INTO users (id)
SELECT DISTINCT owner_id FROM children
WHERE NOT EXISTS (SELECT 1 FROM users WHERE users.id = children.owner_id);

-- An account's row going takes its children, and with them every record about them.
ALTER TABLE children ADD CONSTRAINT children_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES users (id) ON DELETE CASCADE;
