// Loads ICU's shared data on this thread (see icu-warmup.ts), then says it is done.
Intl.DateTimeFormat().resolvedOptions();
postMessage(0);
