-- Rate-limit counters that every server process of a deployment shares (rate-limiter-flexible's
-- RateLimiterPostgres layout: key, points, expire in epoch milliseconds). UNLOGGED: a counter is
-- worth no WAL write, and one lost in a crash only resets a window.
CREATE UNLOGGED TABLE "rate_limit" (
    "key" TEXT NOT NULL,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT,

    CONSTRAINT "rate_limit_pkey" PRIMARY KEY ("key")
);
