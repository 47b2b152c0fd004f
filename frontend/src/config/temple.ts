// UI constants of the temple's pages. The temple's own details (name, address, phone, e-mail,
// hours, video, notices, recurring services, priests) are data that admins edit in Admin → Temple
// (GET /api/site, /api/services, /api/priests).

/** The promotional video's title when the settings give none. */
export const DEFAULT_VIDEO_TITLE = 'Recent event celebrations at the temple';
