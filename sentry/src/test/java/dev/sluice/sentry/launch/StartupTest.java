package dev.sluice.sentry.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.sluice.sentry.ipc.ControlMessage;
import dev.sluice.sentry.ipc.FrameCodec;
import dev.sluice.sentry.ipc.ProtocolException;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.nativeio.TestFds;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class StartupTest {

    private static final ControlMessage.FromInit READY = new ControlMessage.Ready();

    private static ControlMessage.Pid1 pid1(int pid) {
        return new ControlMessage.Pid1(pid);
    }

    /** What the real decoder refuses {@code line} with, when sluice-init sends it without fds. */
    private static ProtocolException refusal(String line) {
        byte[] b = (line + "\n").getBytes(StandardCharsets.UTF_8);
        return assertThrows(
                ProtocolException.class,
                () ->
                        ControlMessage.FROM_INIT.decode(
                                FrameCodec.decode(b, 0, b.length), List.of(), 0),
                line);
    }

    @Test
    void describeErrorNamesTheProcessAndKeepsTheMessage() {
        assertEquals(
                "sandbox setup failed (init): mount /x on /y: No such file or directory",
                Startup.describeError(
                        new ControlMessage.Failed(
                                "init", 2, "mount /x on /y: No such file or directory")),
                "ERROR WHO ERRNO MESSAGE becomes '(WHO): MESSAGE'");
        assertEquals(
                "sandbox setup failed (pid1): pivot_root: Invalid argument",
                Startup.describeError(
                        new ControlMessage.Failed("pid1", 22, "pivot_root: Invalid argument")),
                "another process name");
    }

    @Test
    void aMalformedMessageFailsStartupWithTheDecodersReason() {
        InitProcess init = mock(InitProcess.class);
        when(init.receive()).thenReturn(pid1(3)).thenThrow(refusal("ERROR init 2"));
        Startup s = Startup.await(init);
        assertEquals(
                "a malformed message from sluice-init: ERROR: no text",
                s.failure(),
                "an ERROR short of its text");
        assertEquals(3, s.pid1(), "what came before is kept");
    }

    @Test
    void exitCode() {
        Startup s = new Startup(0, null, null, "failed");
        assertEquals(
                125,
                s.exitCode(0),
                "an outer process that exited 0 after a failed setup is still sluice's 125");
        assertEquals(3, s.exitCode(3), "otherwise the outer process's own code");
        assertEquals(137, s.exitCode(137), "a signal-derived code is kept");
    }

    @Test
    void awaitReturnsPidAndListenerOnReady() {
        HostFd listener = HostFd.adopt(TestFds.eventfd());
        InitProcess init = mock(InitProcess.class);
        when(init.receive()).thenReturn(pid1(4242), new ControlMessage.Listener(listener), READY);
        Startup s = Startup.await(init);
        try {
            assertEquals(4242, s.pid1(), "PID1 is parsed");
            assertSame(listener, s.listener(), "the listener fd is handed on");
            assertTrue(listener.isOpen(), "and left open");
            assertNull(s.failure(), "no failure");
        } finally {
            listener.close();
        }
    }

    @Test
    void awaitHandsOnThePtyMasterOfATerminal() {
        HostFd master = HostFd.adopt(TestFds.eventfd());
        InitProcess init = mock(InitProcess.class);
        when(init.receive()).thenReturn(pid1(11), new ControlMessage.Console(master), READY);
        Startup s = Startup.await(init);
        try {
            assertSame(master, s.console(), "the CONSOLE message's fd is the pty master");
            assertTrue(master.isOpen(), "and left open for the console socket");
            assertNull(s.listener(), "no listener without notify rules");
            assertNull(s.failure(), "no failure");
        } finally {
            master.close();
        }
    }

    @Test
    void awaitRejectsAConsoleWithoutAnFdAndClosesTheListener() {
        int n = TestFds.eventfd();
        HostFd listener = HostFd.adopt(n);
        InitProcess init = mock(InitProcess.class);
        when(init.receive())
                .thenReturn(new ControlMessage.Listener(listener))
                .thenThrow(refusal("CONSOLE"));
        Startup s = Startup.await(init);
        assertTrue(
                s.failure() != null && s.failure().contains("no fd for the pty master"),
                "CONSOLE without SCM_RIGHTS: " + s.failure());
        assertFalse(TestFds.isOpen(n), "the listener received before is closed");
    }

    @Test
    void awaitWithoutAListenerIsReadyWithNone() {
        InitProcess init = mock(InitProcess.class);
        when(init.receive()).thenReturn(pid1(7), READY);
        Startup s = Startup.await(init);
        assertEquals(7, s.pid1(), "PID1");
        assertNull(s.listener(), "no proxy trapped anything: no listener");
        assertNull(s.failure(), "no failure");
    }

    @Test
    void awaitOnErrorClosesTheListenerAndDescribesTheError() {
        int n = TestFds.eventfd();
        HostFd listener = HostFd.adopt(n);
        InitProcess init = mock(InitProcess.class);
        when(init.receive())
                .thenReturn(
                        pid1(9),
                        new ControlMessage.Listener(listener),
                        new ControlMessage.Failed(
                                "init", 1, "mount-setattr /s: Operation not permitted"));
        Startup s = Startup.await(init);
        assertEquals(
                "sandbox setup failed (init): mount-setattr /s: Operation not permitted",
                s.failure(),
                "the error");
        assertNull(s.listener(), "no listener on failure");
        assertEquals(9, s.pid1(), "the pid is still reported");
        assertFalse(listener.isOpen(), "the listener received before the error is closed");
        assertFalse(TestFds.isOpen(n), "its host fd is closed");
    }

    @Test
    void awaitAtEndOfFileFails() {
        InitProcess init = mock(InitProcess.class);
        when(init.receive()).thenReturn(pid1(5), null);
        Startup s = Startup.await(init);
        assertTrue(
                s.failure() != null && s.failure().contains("ended before"),
                "EOF before READY: " + s.failure());
    }

    @Test
    void awaitRejectsAListenerMessageWithoutAnFd() {
        InitProcess init = mock(InitProcess.class);
        when(init.receive()).thenThrow(refusal("LISTENER"));
        Startup s = Startup.await(init);
        assertTrue(
                s.failure() != null && s.failure().contains("no fd for the listener"),
                "LISTENER without SCM_RIGHTS: " + s.failure());
    }

    @Test
    void awaitRejectsAnUnexpectedMessage() {
        InitProcess init = mock(InitProcess.class);
        when(init.receive()).thenThrow(refusal("HELLO there"));
        Startup s = Startup.await(init);
        assertEquals(
                "a malformed message from sluice-init: unexpected message HELLO",
                s.failure(),
                "an unknown verb");
        InitProcess early = mock(InitProcess.class);
        when(early.receive()).thenReturn(new ControlMessage.Held(3));
        assertEquals(
                "unexpected message from sluice-init: HELD 3",
                Startup.await(early).failure(),
                "a known one out of place");
    }

    @Test
    void awaitClosesAnFdPassedWithAnotherMessage() {
        int n = TestFds.eventfd();
        HostFd stray = HostFd.adopt(n);
        InitProcess init = mock(InitProcess.class);
        when(init.receive()).thenReturn(pid1(3), new ControlMessage.AgentListener(stray, 3), READY);
        Startup s = Startup.await(init);
        assertTrue(
                s.failure() != null
                        && s.failure()
                                .startsWith("unexpected message from sluice-init: AGENT-LISTENER"),
                "a profile's listener before GO: " + s.failure());
        assertFalse(
                TestFds.isOpen(n),
                "an fd that came with a message out of place is closed, not leaked");
    }

    @Test
    void awaitExecReportsCommandNotFoundAndOtherErrnos() {
        InitProcess notFound = mock(InitProcess.class);
        when(notFound.receive()).thenReturn(new ControlMessage.ExecFailed(2, "nosuchcmd"), null);
        assertEquals("nosuchcmd: command not found", Startup.awaitExec(notFound), "ENOENT");

        InitProcess denied = mock(InitProcess.class);
        when(denied.receive()).thenReturn(new ControlMessage.ExecFailed(13, "/tmp/x"), null);
        assertEquals("cannot execute /tmp/x: EACCES", Startup.awaitExec(denied), "EACCES");

        InitProcess ok = mock(InitProcess.class);
        when(ok.receive()).thenReturn(null);
        assertNull(Startup.awaitExec(ok), "end of file alone: the workload exec'd");

        InitProcess error = mock(InitProcess.class);
        when(error.receive())
                .thenReturn(
                        new ControlMessage.Failed("pid1", 5, "chdir /x: No such file or directory"),
                        null);
        assertEquals(
                "sandbox setup failed (pid1): chdir /x: No such file or directory",
                Startup.awaitExec(error),
                "ERROR");
    }

    @Test
    void awaitExecHandsTheProfileListenerToTheAgentThenLetsTheWorkloadExec() {
        int n = TestFds.eventfd();
        HostFd listener = HostFd.adopt(n);
        InitProcess init = mock(InitProcess.class);
        when(init.receive()).thenReturn(new ControlMessage.AgentListener(listener, 4711), null);
        List<String> seen = new ArrayList<>();
        String failure =
                Startup.awaitExec(
                        init,
                        (fd, pid) -> {
                            seen.add(fd.isOpen() + " " + pid);
                            return null;
                        });
        assertNull(failure, "handed over, then end of file: the workload exec'd");
        assertEquals(
                List.of("true 4711"),
                seen,
                "the agent got the open listener and the sender's host pid");
        verify(init).agentAnswer(true);
        assertFalse(TestFds.isOpen(n), "the sentry keeps no copy of the agent's listener");
    }

    @Test
    void awaitExecRefusesTheProfileListenerWhenTheAgentCannotTakeIt() {
        int n = TestFds.eventfd();
        InitProcess init = mock(InitProcess.class);
        when(init.receive())
                .thenReturn(new ControlMessage.AgentListener(HostFd.adopt(n), 12), null);
        String failure =
                Startup.awaitExec(init, (fd, pid) -> "connect /run/agent.sock: ECONNREFUSED");
        assertEquals(
                "connect /run/agent.sock: ECONNREFUSED",
                failure,
                "the agent's failure is start's failure");
        verify(init).agentAnswer(false);
        verify(init, never()).agentAnswer(true);
        assertFalse(TestFds.isOpen(n), "the listener is closed");
    }

    @Test
    void awaitExecRefusesTheProfileListenerWithoutAnAgentOrASender() {
        int n = TestFds.eventfd();
        InitProcess noAgent = mock(InitProcess.class);
        when(noAgent.receive())
                .thenReturn(new ControlMessage.AgentListener(HostFd.adopt(n), 12), null);
        String failure = Startup.awaitExec(noAgent);
        assertTrue(
                failure != null && failure.contains("listenerPath"),
                "no agent to go to: " + failure);
        verify(noAgent).agentAnswer(false);
        assertFalse(TestFds.isOpen(n), "the listener is closed");

        int m = TestFds.eventfd();
        InitProcess noPid = mock(InitProcess.class);
        when(noPid.receive())
                .thenReturn(new ControlMessage.AgentListener(HostFd.adopt(m), 0), null);
        List<Integer> called = new ArrayList<>();
        failure =
                Startup.awaitExec(
                        noPid,
                        (fd, pid) -> {
                            called.add(pid);
                            return null;
                        });
        assertTrue(
                failure != null && failure.contains("which process"),
                "no SCM_CREDENTIALS: " + failure);
        assertTrue(called.isEmpty(), "the agent is not given a listener without its process's pid");
        verify(noPid).agentAnswer(false);
        assertFalse(TestFds.isOpen(m), "the listener is closed");
    }
}
