/** Declared as the routes move to the contract (issue 13). */
export const contactInboxApi = {};
