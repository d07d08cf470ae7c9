package dev.sluice.sentry.nativeio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ThreadCapsTest {
    /** include/uapi/linux/capability.h */
    private static final int CAP_SYS_ADMIN = 21;
    private static final int CAP_CHOWN = 0;

    @Test
    void loweringIsPerThreadAndKeepsOnlyTheAllowedBits() throws Exception {
        long before = ThreadCaps.effective();
        assertNotEquals(-1L, before, "capget works");
        AtomicLong inside = new AtomicLong(-2);
        AtomicLong rc = new AtomicLong(-2);
        long allowed = 1L << CAP_CHOWN;
        Thread t = new Thread(() -> {
            rc.set(ThreadCaps.limitEffective(allowed));
            inside.set(ThreadCaps.effective());
        });
        t.start();
        t.join();
        assertEquals(0, rc.get(), "capset succeeds");
        assertEquals(before & allowed, inside.get(), "only the allowed bits stay effective on that thread");
        assertTrue((inside.get() & (1L << CAP_SYS_ADMIN)) == 0, "CAP_SYS_ADMIN is gone there");
        assertEquals(before, ThreadCaps.effective(), "other threads keep theirs");
    }
}
