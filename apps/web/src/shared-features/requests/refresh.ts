/**
 * How often a carer's open request, and the list of a client's requests, are read again while the page
 * is open in a visible tab: a status is what a carer comes back to read (docs/decisions.md, "A request's
 * status is never shown older than its list").
 */
export const careRequestRefreshMs = 30_000;
