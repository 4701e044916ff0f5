declare const __ROADCOUNT_BUILD_ID__: string;

/** Which build of the web app is running (set when it is built). */
export const BUILD_ID: string =
  typeof __ROADCOUNT_BUILD_ID__ === 'string' ? __ROADCOUNT_BUILD_ID__ : 'development';
