import { queryOptions } from '@tanstack/react-query';
import { getCampaignProgress, getCampaigns, getCheckInContracts, getCheckInInfo, getCheckInMonth, getQuests, getReferees, getReferInfo, getSocialTasks, getThemes } from './rewards';

/** React Query options of the rewards calls. Keys start with the user (lower case) where there is one. */

const lower = (a: string): string => a.toLowerCase();

export const checkInInfoQuery = (address: string) =>
  queryOptions({
    queryKey: ['checkin-info', lower(address)],
    queryFn: ({ signal }) => getCheckInInfo(address, signal),
    enabled: address !== '',
    retry: false,
  });

export const checkInContractsQuery = () =>
  queryOptions({ queryKey: ['checkin-contracts'], queryFn: ({ signal }) => getCheckInContracts(signal), staleTime: 5 * 60_000 });

export const checkInMonthQuery = (address: string, year: number, month: number) =>
  queryOptions({
    queryKey: ['checkin-month', lower(address), year, month],
    queryFn: ({ signal }) => getCheckInMonth(address, year, month, signal),
    enabled: address !== '',
    retry: false,
  });

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

export const referInfoQuery = (address: string) =>
  queryOptions({
    queryKey: ['refer-info', lower(address)],
    queryFn: ({ signal }) => getReferInfo(address, signal),
    enabled: address !== '',
    retry: false,
  });

export const refereesQuery = (address: string) =>
  queryOptions({
    queryKey: ['referees', lower(address)],
    queryFn: ({ signal }) => getReferees(address, signal),
    enabled: address !== '',
    retry: false,
  });
