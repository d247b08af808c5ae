import { queryOptions } from '@tanstack/react-query';
import { getCampaignProgress, getCampaigns, getCheckInContracts, getCheckInInfo, getCheckInMonth, getQuests, getReferees, getReferInfo, getSocialTasks, getThemes } from './rewards';

/** React Query options of the rewards calls. Keys start with the user (lower case) where there is one. */

const lower = (a: string): string => a.toLowerCase();

/** A call about one user: keyed by its name, the address (lower case) and `more`; off until there is an address; not retried. */
const userQuery = <T>(name: string, address: string, fetch: (signal: AbortSignal) => Promise<T>, ...more: (string | number)[]) =>
  queryOptions({ queryKey: [name, lower(address), ...more], queryFn: ({ signal }) => fetch(signal), enabled: address !== '', retry: false });

export const checkInInfoQuery = (address: string) => userQuery('checkin-info', address, (signal) => getCheckInInfo(address, signal));

export const checkInContractsQuery = () =>
  queryOptions({ queryKey: ['checkin-contracts'], queryFn: ({ signal }) => getCheckInContracts(signal), staleTime: 5 * 60_000 });

export const checkInMonthQuery = (address: string, year: number, month: number) =>
  userQuery('checkin-month', address, (signal) => getCheckInMonth(address, year, month, signal), year, month);

export const themesQuery = () => queryOptions({ queryKey: ['themes'], queryFn: ({ signal }) => getThemes(signal), staleTime: 60_000 });

export const campaignsQuery = () =>
  queryOptions({ queryKey: ['campaigns'], queryFn: ({ signal }) => getCampaigns(signal), staleTime: 60_000 });

export const campaignProgressQuery = (address: string, ids: readonly number[]) =>
  queryOptions({
    queryKey: ['campaign-progress', lower(address), ids.join(',')],
    queryFn: ({ signal }) => getCampaignProgress(address, ids, signal),
    enabled: address !== '' && ids.length > 0,
    retry: false,
  });

export const socialTasksQuery = () =>
  queryOptions({ queryKey: ['social-tasks'], queryFn: ({ signal }) => getSocialTasks(signal), staleTime: 5 * 60_000 });

export const questsQuery = () => queryOptions({ queryKey: ['quests'], queryFn: ({ signal }) => getQuests(signal), staleTime: 60_000 });

export const referInfoQuery = (address: string) => userQuery('refer-info', address, (signal) => getReferInfo(address, signal));

export const refereesQuery = (address: string) => userQuery('referees', address, (signal) => getReferees(address, signal));
