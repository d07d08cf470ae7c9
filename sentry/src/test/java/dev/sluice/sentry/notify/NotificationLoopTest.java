package dev.sluice.sentry.notify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.ErrnoException;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.nativeio.SeccompAbi;
import dev.sluice.sentry.nativeio.Syscalls;
import dev.sluice.sentry.notify.NotificationLoop.Outcome;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * The loop's contract with a mocked {@link Listener}: how it ends, and that a handler fault fails
 * only that call. Waits are bounded by the futures' own timeouts; nothing asserts on timing.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NotificationLoopTest {
    private static final NotificationLoop.Handler NOTHING = (n, a) -> {};

    private static Notification notif(long id) {
        return new Notification(
                id, 1234, Syscalls.SYS_IOCTL, SeccompAbi.AUDIT_ARCH_X86_64, new long[6]);
    }

    @ParameterizedTest(name = "idle {0}, max {1}")
    @CsvSource({"0, 4", "-1, 4", "3, 2", "1, 0"})
    void rejectsBadWorkerCounts(int idle, int max) {
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> new NotificationLoop(mock(Listener.class), NOTHING, idle, max),
                        "idle >= 1 and max >= idle");
        assertEquals(
                "workers: idle " + idle + ", max " + max,
                e.getMessage(),
                "the message gives both counts");
    }

    @Test
    void acceptsTheSmallestLoop() {
        new NotificationLoop(mock(Listener.class), NOTHING, 1, 1); // does not throw
    }

    @Test
    void endsWhenNoGuestIsLeft() throws Exception {
        Listener listener = mock(Listener.class);
        when(listener.receive(any())).thenReturn(null);
        when(listener.poll(any(), anyInt())).thenReturn((int) Native.POLLHUP);
        NotificationLoop loop = new NotificationLoop(listener, NOTHING, 1, 2);
        loop.start();
        assertEquals(
                Outcome.GUESTS_GONE,
                loop.done().get(30, TimeUnit.SECONDS),
                "ENOENT with POLLHUP: no task left");
        assertEquals(Outcome.GUESTS_GONE, loop.ended().get(30, TimeUnit.SECONDS), "ended() agrees");
    }

    @Test
    void aBrokenListenerFailsClosed() throws Exception {
        Listener listener = mock(Listener.class);
        when(listener.receive(any()))
                .thenThrow(
                        new ErrnoException(
                                "ioctl(seccomp listener, SECCOMP_IOCTL_NOTIF_RECV)", Errno.EBADF));
        NotificationLoop loop = new NotificationLoop(listener, NOTHING, 1, 2);
        loop.start();
        assertEquals(
                Outcome.LISTENER_FAILED,
                loop.done().get(30, TimeUnit.SECONDS),
                "a receive failure ends the loop");
    }

    @Test
    void handlesEachCallAndAHandlerFaultFailsOnlyThatCall() throws Exception {
        Listener listener = mock(Listener.class);
        when(listener.receive(any())).thenReturn(notif(1), notif(2), notif(3), null);
        when(listener.poll(any(), anyInt())).thenReturn((int) Native.POLLHUP);
        List<Long> handled = new CopyOnWriteArrayList<>();
        NotificationLoop loop =
                new NotificationLoop(
                        listener,
                        (n, arena) -> {
                            handled.add(n.id());
                            if (n.id() == 2) {
                                throw new IllegalStateException("bug in a proxy");
                            }
                        },
                        1,
                        1);
        loop.start();
        assertEquals(
                Outcome.GUESTS_GONE,
                loop.done().get(30, TimeUnit.SECONDS),
                "the loop carries on to the end");
        assertEquals(
                List.of(1L, 2L, 3L), handled, "every call is handled, the one after the fault too");
        verify(listener).respond(any(), eq(2L), eq(0L), eq(Errno.EIO), eq(0));
        verify(listener, never()).respond(any(), eq(1L), anyLong(), anyInt(), anyInt());
        verify(listener, never()).respond(any(), eq(3L), anyLong(), anyInt(), anyInt());
    }

    @Test
    void closeStops() throws Exception {
        Listener listener = mock(Listener.class);
        NotificationLoop loop = new NotificationLoop(listener, NOTHING, 1, 1);
        loop.close();
        assertEquals(
                Outcome.STOPPED, loop.done().get(30, TimeUnit.SECONDS), "close() before any call");
    }

    @Test
    void firstReasonWins() throws Exception {
        NotificationLoop loop = new NotificationLoop(mock(Listener.class), NOTHING, 1, 1);
        loop.close();
        loop.fail(new IllegalStateException("late failure"));
        assertEquals(
                Outcome.STOPPED,
                loop.done().get(30, TimeUnit.SECONDS),
                "a later failure does not change why the loop ended");
    }
}
