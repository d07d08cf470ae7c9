package dev.sluice.sentry.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LatencyHistogramTest {

    private static void assertWithin(double expected, long actual, double relError, String what) {
        double err = Math.abs(actual - expected) / expected;
        assertTrue(
                err <= relError,
                what
                        + ": expected "
                        + expected
                        + " within "
                        + (relError * 100)
                        + "% but got "
                        + actual
                        + " ("
                        + String.format("%.2f", err * 100)
                        + "% off)");
    }

    @Test
    void emptyHistogramReportsZeros() {
        LatencyHistogram h = new LatencyHistogram();
        assertEquals(0, h.count(), "an empty histogram has no values");
        assertEquals(0, h.percentile(50), "p50 of an empty histogram is 0");
        assertEquals(0, h.percentile(100), "p100 of an empty histogram is 0");
        assertEquals(0, h.max(), "max of an empty histogram is 0");
        assertEquals(0.0, h.mean(), "mean of an empty histogram is 0");
    }

    @Test
    void uniformDistributionPercentiles() {
        LatencyHistogram h = new LatencyHistogram();
        for (long v = 1; v <= 10_000; v++) {
            h.record(v);
        }
        assertEquals(10_000, h.count(), "every recorded value is counted");
        assertWithin(5000, h.percentile(50), 0.07, "p50 of 1..10000");
        assertWithin(9900, h.percentile(99), 0.07, "p99 of 1..10000");
        assertWithin(9000, h.percentile(90), 0.07, "p90 of 1..10000");
        assertWithin(1000, h.percentile(10), 0.07, "p10 of 1..10000");
        assertEquals(10_000, h.max(), "max is exact");
        assertEquals(10_000, h.percentile(100), "p100 is capped at the exact max");
        assertEquals(5000.5, h.mean(), 1e-9, "mean is exact, from the sum");
        assertTrue(
                h.percentile(50) >= 5000,
                "the reported value is the bucket's upper bound, so it never undershoots");
    }

    @Test
    void microsecondScaleDistribution() {
        // Sentry-like latencies: 90% around 6 us, 10% around 14 us, a few outliers at 2 ms.
        LatencyHistogram h = new LatencyHistogram();
        for (int i = 0; i < 9000; i++) {
            h.record(6_000 + (i % 200));
        }
        for (int i = 0; i < 990; i++) {
            h.record(14_000 + (i % 200));
        }
        for (int i = 0; i < 10; i++) {
            h.record(2_000_000);
        }
        assertWithin(6_100, h.percentile(50), 0.07, "p50 sits in the 6 us cluster");
        assertWithin(14_100, h.percentile(99), 0.07, "p99 sits in the 14 us cluster");
        assertEquals(
                2_000_000,
                h.percentile(99.95),
                "p99.95 reaches the outliers, capped at the exact max");
        assertEquals(2_000_000, h.max(), "max is the outlier");
    }

    @Test
    void singleValueIsReportedExactlyForEveryPercentile() {
        LatencyHistogram h = new LatencyHistogram();
        h.record(123_456);
        for (double p : new double[] {0, 1, 50, 99, 100}) {
            assertEquals(
                    123_456, h.percentile(p), "with one value, p" + p + " is capped at that value");
        }
    }

    @Test
    void negativeValuesClampToZero() {
        LatencyHistogram h = new LatencyHistogram();
        h.record(-5);
        h.record(-1);
        assertEquals(2, h.count(), "negative values are still counted");
        assertEquals(0, h.percentile(100), "negative values count as 0");
        assertEquals(0, h.max(), "negative values do not move max below 0");
        assertEquals(0.0, h.mean(), "negative values add 0 to the sum");
    }

    @Test
    void hugeValuesLandInTopBucketAndMaxStaysExact() {
        LatencyHistogram h = new LatencyHistogram();
        h.record(Long.MAX_VALUE);
        h.record(1L << 50);
        assertEquals(Long.MAX_VALUE, h.max(), "max keeps a value beyond the tracked range");
        assertEquals(
                Long.MAX_VALUE, h.percentile(100), "the open-ended top bucket reports the max");
        assertEquals(
                LatencyHistogram.BUCKET_COUNT - 1,
                LatencyHistogram.bucketIndex(1L << 50),
                "values past 2^41 share the top bucket");
    }

    @Test
    void bucketsTileTheRangeWithoutGapsOrOverlap() {
        assertEquals(0, LatencyHistogram.lowerBound(0), "the first bucket starts at 0");
        for (int i = 1; i < LatencyHistogram.BUCKET_COUNT; i++) {
            assertEquals(
                    LatencyHistogram.upperBound(i - 1) + 1,
                    LatencyHistogram.lowerBound(i),
                    "bucket " + i + " starts right after bucket " + (i - 1));
        }
        assertEquals(
                LatencyHistogram.HIGHEST_TRACKABLE,
                LatencyHistogram.upperBound(LatencyHistogram.BUCKET_COUNT - 1),
                "the last bucket ends at HIGHEST_TRACKABLE");
    }

    @Test
    void everyBucketIsNarrowerThanSixAndAQuarterPercent() {
        for (int i = 16; i < LatencyHistogram.BUCKET_COUNT; i++) {
            long lo = LatencyHistogram.lowerBound(i);
            long width = LatencyHistogram.upperBound(i) - lo + 1;
            assertTrue(
                    width * 16 <= lo,
                    "bucket "
                            + i
                            + " ["
                            + lo
                            + ", +"
                            + width
                            + ") is at most 1/16 of its lower bound");
        }
    }

    @ParameterizedTest
    @ValueSource(
            longs = {
                0,
                1,
                15,
                16,
                17,
                31,
                32,
                33,
                1000,
                4095,
                4096,
                5000,
                123_456_789L,
                (1L << 40) - 1,
                1L << 40,
                (1L << 41) - 1
            })
    void valuesMapToABucketThatContainsThem(long v) {
        int i = LatencyHistogram.bucketIndex(v);
        assertTrue(
                LatencyHistogram.lowerBound(i) <= v && v <= LatencyHistogram.upperBound(i),
                v
                        + " maps to bucket "
                        + i
                        + " = ["
                        + LatencyHistogram.lowerBound(i)
                        + ", "
                        + LatencyHistogram.upperBound(i)
                        + "]");
    }

    @Test
    void rejectsPercentileOutOfRange() {
        LatencyHistogram h = new LatencyHistogram();
        assertThrows(IllegalArgumentException.class, () -> h.percentile(-0.1), "p < 0 is rejected");
        assertThrows(
                IllegalArgumentException.class, () -> h.percentile(100.1), "p > 100 is rejected");
        assertThrows(
                IllegalArgumentException.class, () -> h.percentile(Double.NaN), "NaN is rejected");
    }

    @Test
    void concurrentRecordsAreAllCounted() throws Exception {
        int threads = 16;
        int perThread = 100_000;
        LatencyHistogram h = new LatencyHistogram();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int id = t;
                done.add(
                        pool.submit(
                                () -> {
                                    start.await();
                                    for (int i = 0; i < perThread; i++) {
                                        // Every thread hits the same few buckets, the worst case
                                        // for contention.
                                        h.record(1000 + (i % 64) + id);
                                    }
                                    return null;
                                }));
            }
            start.countDown();
            for (Future<?> f : done) {
                f.get(30, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        long n = (long) threads * perThread;
        assertEquals(n, h.count(), "no record is lost under contention");
        assertEquals(n, sumOfBuckets(h), "the buckets add up to the count");
        assertEquals(
                1000 + 63 + threads - 1, h.max(), "max is the largest value any thread recorded");
    }

    private static long sumOfBuckets(LatencyHistogram h) {
        long total = 0;
        for (long n : h.snapshot()) {
            total += n;
        }
        return total;
    }
}
