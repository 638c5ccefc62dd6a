import { configure } from '@testing-library/react';

// findBy* and waitFor end as soon as what they wait for is there; the default 1 s cap only fails a
// correct screen on a busy CI machine (seen: a first render of a settings panel past 2 s).
configure({ asyncUtilTimeout: 10_000 });
