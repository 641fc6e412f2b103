// Pure domain logic (no I/O). Each domain lives in its own folder and is re-exported here.
export {};
