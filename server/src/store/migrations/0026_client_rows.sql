-- Sign-in nonces are rows anyone can create without a session: each is kept with the client that
-- asked for it (its IP, an IPv6 client by its /64), so that one client holds only a bounded number
-- of unused, unexpired nonces at once.
ALTER TABLE auth_nonces ADD COLUMN client_ip TEXT NOT NULL DEFAULT '';
CREATE INDEX auth_nonces_by_client ON auth_nonces (client_ip, expires_at);
-- Sessions too: anyone can make wallets and sign in, so a client keeps a bounded number of them.
ALTER TABLE auth_sessions ADD COLUMN client_ip TEXT NOT NULL DEFAULT '';
CREATE INDEX auth_sessions_by_client ON auth_sessions (client_ip, created_at);

-- The user-action log likewise takes rows from anyone: bounded per client a day, and old rows go.
CREATE INDEX user_actions_by_client ON user_actions (client_ip, created_at);
CREATE INDEX user_actions_by_time ON user_actions (created_at);
