package dev.sluice.sentry.observe;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * A lock-free, fixed-size latency histogram in nanoseconds with log-linear buckets.
 *
 * <p>Values 0..15 each have their own bucket. Above that, every power of two {@code [2^e, 2^(e+1))}
 * is split into 16 equal sub-buckets, so a bucket is never wider than 1/16 of its lower bound and a
 * reported percentile is within about 6.25% of the true value. Exponents run up to 40, so values up
 * to {@value #HIGHEST_TRACKABLE} ns (about 36 minutes) are resolved; anything larger lands in the
 * top bucket, and {@link #max()} still reports it exactly. This is the HdrHistogram layout with 4
 * significant bits, cut down to what a per-ioctl latency needs.
 *
 * <p>{@link #record(long)} is on the sentry's notification hot path: it allocates nothing and takes
 * no lock, only a few atomic adds. Readers ({@link #percentile(double)}, {@link #mean()}) see a
 * racy but never torn view: each bucket is read atomically, and a percentile is computed over one
 * snapshot of the buckets, so it is always consistent with its own total.
 */
public final class LatencyHistogram {

    /** Bits of linear resolution inside each power of two: 2^4 = 16 sub-buckets. */
    private static final int SUB_BITS = 4;

    private static final int SUB_COUNT = 1 << SUB_BITS;

    /** The highest exponent with its own buckets; 2^40 ns is about 18 minutes. */
    private static final int MAX_EXPONENT = 40;

    /** 16 exact buckets for 0..15, then 16 per exponent from 4 to {@link #MAX_EXPONENT}. */
    static final int BUCKET_COUNT = SUB_COUNT + (MAX_EXPONENT - SUB_BITS + 1) * SUB_COUNT;

    /** The largest value resolved into its own bucket: 2^41 - 1. */
    public static final long HIGHEST_TRACKABLE = (1L << (MAX_EXPONENT + 1)) - 1;

    private final AtomicLongArray buckets = new AtomicLongArray(BUCKET_COUNT);
    private final LongAdder count = new LongAdder();
    private final LongAdder sum = new LongAdder();
    private final AtomicLong max = new AtomicLong();

    /** Creates an empty histogram. */
    public LatencyHistogram() {}

    /**
     * Records one value. Negative values (a clock that went backwards between two reads on
     * different CPUs) are counted as 0 rather than rejected, so the call count stays exact.
     *
     * @param nanos the latency in nanoseconds
     */
    public void record(long nanos) {
        long v = Math.max(0L, nanos);
        buckets.incrementAndGet(bucketIndex(v));
        count.increment();
        sum.add(v);
        // Only contends when the max actually grows, which is rare after warm-up.
        long m;
        while (v > (m = max.get()) && !max.compareAndSet(m, v)) {
            // Lost a race with another larger value; re-read and retry.
        }
    }

    /** Returns how many values have been recorded. */
    public long count() {
        return count.sum();
    }

    /** Returns the largest value recorded, exactly; 0 if empty. */
    public long max() {
        return max.get();
    }

    /** Returns the arithmetic mean of the recorded values in nanoseconds; 0 if empty. */
    public double mean() {
        // Read the sum first: a record racing between the two reads then lowers the mean slightly
        // instead of producing a value above max.
        long s = sum.sum();
        long n = count.sum();
        return n == 0 ? 0.0 : (double) s / n;
    }

    /**
     * Returns the value at percentile {@code p}: the upper bound of the bucket holding the value of
     * rank {@code ceil(p/100 * count)} (at least rank 1), capped at {@link #max()}. Reporting the
     * upper bound errs towards the slower side, which is what a latency percentile should do.
     *
     * @param p the percentile, in [0, 100]
     * @return the representative value in nanoseconds, or 0 if the histogram is empty
     * @throws IllegalArgumentException if {@code p} is outside [0, 100] or NaN
     */
    public long percentile(double p) {
        if (!(p >= 0.0 && p <= 100.0)) {
            throw new IllegalArgumentException("percentile must be in [0, 100]: " + p);
        }
        // One snapshot, so the rank and the walk agree even while other threads record.
        long[] snap = snapshot();
        long total = 0;
        for (long n : snap) {
            total += n;
        }
        if (total == 0) {
            return 0;
        }
        long rank = Math.max(1L, (long) Math.ceil(p / 100.0 * total));
        long seen = 0;
        for (int i = 0; i < BUCKET_COUNT; i++) {
            seen += snap[i];
            if (seen >= rank) {
                long m = max.get();
                // The top bucket is open-ended; its only honest representative is the max.
                return i == BUCKET_COUNT - 1 ? m : Math.min(upperBound(i), m);
            }
        }
        return max.get();
    }

    /** Copies the bucket counts; each is read atomically, the whole is not. */
    long[] snapshot() {
        long[] snap = new long[BUCKET_COUNT];
        for (int i = 0; i < BUCKET_COUNT; i++) {
            snap[i] = buckets.get(i);
        }
        return snap;
    }

    /** Maps a non-negative value to its bucket. */
    static int bucketIndex(long v) {
        if (v < SUB_COUNT) {
            return (int) v;
        }
        int exponent = 63 - Long.numberOfLeadingZeros(v);
        if (exponent > MAX_EXPONENT) {
            return BUCKET_COUNT - 1;
        }
        int sub = (int) ((v >>> (exponent - SUB_BITS)) & (SUB_COUNT - 1));
        return ((exponent - SUB_BITS + 1) << SUB_BITS) + sub;
    }

    /** The smallest value that maps to bucket {@code i}. */
    static long lowerBound(int i) {
        if (i < SUB_COUNT) {
            return i;
        }
        int exponent = (i >>> SUB_BITS) + SUB_BITS - 1;
        long sub = i & (SUB_COUNT - 1);
        return (SUB_COUNT + sub) << (exponent - SUB_BITS);
    }

    /** The largest value that maps to bucket {@code i}. */
    static long upperBound(int i) {
        if (i < SUB_COUNT) {
            return i;
        }
        int exponent = (i >>> SUB_BITS) + SUB_BITS - 1;
        long sub = i & (SUB_COUNT - 1);
        return ((SUB_COUNT + sub + 1) << (exponent - SUB_BITS)) - 1;
    }
}
