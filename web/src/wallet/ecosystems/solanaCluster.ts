/**
 * The Wallet Standard chain Solana wallets sign for: the deployment's cluster from app-config
 * ('solana:mainnet' on a production bridge and the devnet, which stands in for it; 'solana:devnet'
 * on the public testnets). Kept here, outside the lazily loaded Solana code, so the app can set it
 * as soon as the config answers.
 */
let cluster = 'solana:mainnet';

export const solanaCluster = (): string => cluster;

export function setSolanaCluster(next: string): void {
  cluster = next;
}
