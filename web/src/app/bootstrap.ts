// The bootstrap store lives in api/bootstrap.ts, under ui/, i18n/ and theme/, which read it too;
// the app and the features keep importing it from here.
export * from '../api/bootstrap';
