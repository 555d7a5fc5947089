// The Node.js flags the server runs with. `npm start` (scripts/start.mjs) and every benchmark that
// starts the built server use these, so that what is measured is what runs.
//
// --max-semi-space-size=32 (MiB; Node 20's default is 16): a capture waits ~15 ms for its batch
// under a rush, long enough to outlive a young-generation collection of the default size, be
// promoted and then collected by a full collection (one every second in the capture benchmark,
// decision 023). With the larger nursery it dies young: the collector threads' CPU per capture
// went from 54-59 µs to 18-20 µs in three interleaved pairs of runs, the whole process's from
// 235-252 µs to 194-212 µs. Idle RSS stays within issue 2's 400 MB (bench/foundation.mjs).
export const SERVER_NODE_ARGS = ['--max-semi-space-size=32'];
