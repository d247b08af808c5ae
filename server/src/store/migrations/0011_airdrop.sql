-- Airdrop allocations answered by the batch query tool (POST /api/lottery/maker/layerzero/drop),
-- loaded by `perch import-airdrop FILE`.
CREATE TABLE airdrop_allocations (
    campaign TEXT NOT NULL,            -- e.g. layerzero
    address TEXT NOT NULL,             -- 0x, lower case
    value TEXT NOT NULL,               -- token amount as a decimal string
    PRIMARY KEY (campaign, address)
);
