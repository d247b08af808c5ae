import { useQuery } from '@tanstack/react-query';
import { allRoutes, useAppConfig } from '@/api/appConfig';
import { useEffect } from 'react';
import { chainsQuery, tokensQuery } from '@/api/queries';
import { swapChainsQuery, swapTokensQuery, type SwapToken } from '@/api/swap';
import type { Chain } from '@/api/types';
import { EXCHANGE_TOKENS, exchangeRouteAllowed } from '@/features/network-list/networkList';
import { setSolanaCluster } from '@/wallet/ecosystems/solanaCluster';
import { useEcosystemAccount } from '@/wallet/ecosystems/store';
import { useWalletStore } from '@/wallet/store';
import { SOLANA_CHAIN_ID } from './addressRules';
import { useBridgeForm } from '@/state/bridgeFormStore';
import { destinationTokenChoices, validDestinationToken } from './destinationToken';
import { isNativeToken, receiveTokenOf, routeLimits, tokenOn, tokensForPair, type Limits } from './routes';

/** The wallets a bridge uses: the source's ecosystem sends, the destination's receives by default. */
export interface BridgeWallets {
  evmAddress: string;
  evmChainId: number | null;
  solanaAddress: string;
  fromSolana: boolean;
  /** The sending wallet: the Solana wallet for a Solana source, else the EVM one ('' when none). */
  walletAddress: string;
  walletChainId: number | null;
  /** The default recipient: the connected wallet of the destination's ecosystem. */
  destinationWallet: string;
}

/** The route the bridge card's form describes: networks, wallets, tokens and the route's limits. */
export interface BridgeRoute {
  chains: Chain[] | undefined;
  fromChain: Chain | undefined;
  toChain: Chain | undefined;
  wallets: BridgeWallets;
  /** The tokens with a route between the two networks (an exchange takes only its tokens). */
  choices: string[];
  limits: Limits | undefined;
  decimals: number;
  native: boolean;
  /** Bridge and swap: the tokens the destination can swap into, and the valid choice ('' = the token sent). */
  toTokenChoices: ReturnType<typeof destinationTokenChoices>;
  chosenToToken: string;
  /** The token sent as the destination's swap list names it (the picker's 'no swap' entry); undefined when it is not listed there. */
  sameToToken: SwapToken | undefined;
  routeOk: boolean;
  /** The token paid on the destination without a swap (another one on a cross-asset route). */
  receiveToken: string;
}

function useBridgeWallets(fromChainId: number | null, toChainId: number | null): BridgeWallets {
  const evmAddress = useWalletStore((s) => s.address);
  const evmChainId = useWalletStore((s) => s.chainId);
  const solanaAddress = useEcosystemAccount('solana')?.address ?? '';
  const fromSolana = fromChainId === SOLANA_CHAIN_ID;
  return {
    evmAddress,
    evmChainId,
    solanaAddress,
    fromSolana,
    walletAddress: fromSolana ? solanaAddress : evmAddress,
    walletChainId: fromSolana ? (solanaAddress ? SOLANA_CHAIN_ID : null) : evmChainId,
    destinationWallet: toChainId === SOLANA_CHAIN_ID ? solanaAddress : evmAddress,
  };
}

/** Bridge and swap: on a destination that swaps (its pools read), another token may be received. */
function useDestinationSwap(toChainId: number | null, bridgedOnDst: string | undefined, enabled: boolean, toToken: string) {
  const swapChainsQ = useQuery(swapChainsQuery());
  const swapReady = enabled && toChainId !== null && !!swapChainsQ.data?.some((c) => c.chain_id === toChainId && c.ready);
  const dstTokensQ = useQuery({ ...swapTokensQuery(toChainId ?? 0), enabled: swapReady });
  const toTokenChoices = destinationTokenChoices(dstTokensQ.data?.tokens, bridgedOnDst, swapReady);
  const bridged = bridgedOnDst?.toLowerCase();
  const sameToToken = swapReady && bridged !== undefined ? dstTokensQ.data?.tokens.find((t) => t.address.toLowerCase() === bridged) : undefined;
  return { toTokenChoices, chosenToToken: validDestinationToken(toToken, toTokenChoices), sameToToken };
}

export function useBridgeRoute(): BridgeRoute {
  const { data: chains } = useQuery(chainsQuery());
  const { data: tokens } = useQuery(tokensQuery());
  const appConfig = useAppConfig().data;
  const routes = allRoutes(appConfig);
  const cluster = appConfig?.solana?.cluster;
  // Solana wallets sign for the deployment's cluster, whatever the build was made for.
  useEffect(() => {
    if (cluster) setSolanaCluster(cluster);
  }, [cluster]);
  const { fromChainId, toChainId, exchange, token, toToken } = useBridgeForm();
  const find = (id: number | null): Chain | undefined => chains?.find((c) => c.chain_id === id);
  const fromChain = find(fromChainId);
  const wallets = useBridgeWallets(fromChainId, toChainId);

  const choices = tokensForPair(fromChainId, toChainId, routes).filter((sym) => !exchange || EXCHANGE_TOKENS.includes(sym.toUpperCase()));
  // Keep the chosen token one of the route's.
  const choiceKey = choices.join(',');
  useEffect(() => {
    const list = choiceKey ? choiceKey.split(',') : [];
    if (list.length > 0 && !list.includes(token)) useBridgeForm.getState().setToken(list[0]!);
  }, [choiceKey, token]);

  const tokenInfo = fromChainId !== null ? tokenOn(tokens ?? [], token, fromChainId) : undefined;
  const limits = fromChainId !== null && toChainId !== null ? routeLimits(token, fromChainId, toChainId, routes) : undefined;
  const bridgedOnDst = toChainId !== null ? tokenOn(tokens ?? [], token, toChainId)?.address : undefined;
  const { toTokenChoices, chosenToToken, sameToToken } = useDestinationSwap(toChainId, bridgedOnDst, !exchange, toToken);
  return {
    chains,
    fromChain,
    toChain: find(toChainId),
    wallets,
    choices,
    limits,
    decimals: limits?.decimals ?? tokenInfo?.decimals ?? 18,
    native: tokenInfo ? isNativeToken(tokenInfo) : token === (fromChain?.native_currency?.symbol ?? 'ETH'),
    toTokenChoices,
    chosenToToken,
    sameToToken,
    routeOk: !!limits && (!exchange || (toChainId !== null && exchangeRouteAllowed(token, exchange, toChainId))),
    receiveToken: (fromChainId !== null && toChainId !== null ? receiveTokenOf(token, fromChainId, toChainId, routes)?.symbol : undefined) ?? token,
  };
}
