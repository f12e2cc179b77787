/**
 * How long typing must pause before a search-as-you-type asks the server. A person typing at 60 words a minute puts
 * ~200 ms between keys, so a shorter pause mostly asks after each key (each answer is one indexed, paged query, and a
 * stale one is dropped); a longer one adds itself to every answer: at 250–300 ms the answer to the last key came after
 * the 300 ms a screen has to answer in (bench:screens measured 309 ms for the distribution dialog's claim search).
 * Every search box waits the same.
 */
export const SEARCH_PAUSE_MS = 150;
