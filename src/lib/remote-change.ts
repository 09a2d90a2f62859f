/**
 * The DOM event `stores/header.ts` dispatches on `document` when another tab changed the shopper's lists: an island
 * that hydrates on first use (`client:held="use"`, src/directives/held.ts) starts then, so a page showing a list
 * (the basket) never stays behind another tab. Its own module: the directive must not import the stores.
 */
export const REMOTE_CHANGE_EVENT = 'lists:remote-change';
