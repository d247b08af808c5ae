// @perch/widget: the bridge card of the Perch app, from the app's own sources (web/src), not a copy.
export * from '../../web/src/features/widget/index';
