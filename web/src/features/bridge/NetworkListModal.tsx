/** The network list modal lives in features/network-list; re-exported for existing imports. */
export { NetworkListModal } from '@/features/network-list/NetworkListModal';
