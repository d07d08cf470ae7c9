package dev.sluice.sentry.nativeio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class HostFdTest {

    @Test
    void closeClosesTheFd() {
        int n = TestFds.eventfd();
        HostFd fd = HostFd.adopt(n);
        assertTrue(fd.isOpen(), "a fresh HostFd is open");
        assertEquals(n, fd.fd(), "fd() is the adopted number");
        fd.close();
        assertFalse(fd.isOpen(), "closed after close()");
        assertFalse(TestFds.isOpen(n), "close() closed the host fd " + n);
    }

    @Test
    void secondCloseDoesNotCloseAReusedNumber() {
        int n = TestFds.eventfd();
        HostFd fd = HostFd.adopt(n);
        fd.close();
        // The kernel hands out the lowest free number, very likely n again.
        int reused = TestFds.eventfd();
        try {
            fd.close();
            assertTrue(
                    TestFds.isOpen(reused),
                    "a second close() must not close fd "
                            + reused
                            + (reused == n ? " which reused the number" : ""));
        } finally {
            Native.close(reused);
        }
    }

    @Test
    void concurrentClosesCloseOnce() throws InterruptedException {
        int n = TestFds.eventfd();
        HostFd fd = HostFd.adopt(n);
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            Thread t =
                    new Thread(
                            () -> {
                                try {
                                    start.await();
                                } catch (InterruptedException e) {
                                    Thread.currentThread().interrupt();
                                }
                                fd.close();
                            });
            t.start();
            threads.add(t);
        }
        start.countDown();
        for (Thread t : threads) {
            t.join();
        }
        assertFalse(fd.isOpen(), "closed after concurrent closes");
        int reused = TestFds.eventfd();
        try {
            fd.close();
            assertTrue(TestFds.isOpen(reused), "no late close hits the new fd " + reused);
        } finally {
            Native.close(reused);
        }
    }

    @Test
    void fdAfterCloseThrows() {
        HostFd fd = HostFd.adopt(TestFds.eventfd());
        fd.close();
        IllegalStateException e =
                assertThrows(IllegalStateException.class, fd::fd, "fd() of a closed HostFd");
        assertTrue(
                e.getMessage().contains("already closed"), "message says why: " + e.getMessage());
        assertTrue(fd.toString().contains("closed"), "toString shows the state: " + fd);
    }

    @Test
    void releaseHandsOwnershipBackWithoutClosing() {
        int n = TestFds.eventfd();
        HostFd fd = HostFd.adopt(n);
        try {
            assertEquals(n, fd.release(), "release() returns the number");
            assertFalse(fd.isOpen(), "a released HostFd is no longer open");
            assertThrows(IllegalStateException.class, fd::fd, "fd() after release()");
            assertThrows(IllegalStateException.class, fd::release, "release() twice");
            fd.close();
            assertTrue(
                    TestFds.isOpen(n),
                    "close() after release() leaves the caller's fd " + n + " open");
        } finally {
            Native.close(n);
        }
    }

    @Test
    void adoptRejectsANegativeNumber() {
        assertThrows(IllegalArgumentException.class, () -> HostFd.adopt(-1), "adopt(-1)");
        assertThrows(
                IllegalArgumentException.class,
                () -> HostFd.adopt(-Errno.EBADF),
                "adopt(-EBADF), a raw errno result");
    }

    @Test
    void tryWithResourcesCloses() {
        int n = TestFds.eventfd();
        try (HostFd fd = HostFd.adopt(n)) {
            assertTrue(TestFds.isOpen(fd.fd()), "open inside the block");
        }
        assertFalse(TestFds.isOpen(n), "closed after the block");
    }
}
