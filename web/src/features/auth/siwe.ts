/** EIP-4361 (Sign-In with Ethereum) message text. */

export interface SiweFields {
  domain: string;
  address: string;
  statement?: string;
  uri: string;
  chainId: number;
  nonce: string;
  issuedAt: Date;
  expirationTime?: Date;
}

/** The message exactly as EIP-4361 lays it out (version 1, optional statement, ISO-8601 times). */
export function siweMessage(f: SiweFields): string {
  const lines = [`${f.domain} wants you to sign in with your Ethereum account:`, f.address, ''];
  if (f.statement) lines.push(f.statement, '');
  lines.push(`URI: ${f.uri}`, 'Version: 1', `Chain ID: ${f.chainId}`, `Nonce: ${f.nonce}`, `Issued At: ${f.issuedAt.toISOString()}`);
  if (f.expirationTime) lines.push(`Expiration Time: ${f.expirationTime.toISOString()}`);
  return lines.join('\n');
}
