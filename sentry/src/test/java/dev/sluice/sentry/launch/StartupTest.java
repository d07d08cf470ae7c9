package dev.sluice.sentry.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.nativeio.TestFds;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class StartupTest {

    private static ControlSocket.Message msg(String text) {
        return new ControlSocket.Message(text, null);
    }

    @Test
    void describeErrorNamesTheProcessAndKeepsTheMessage() {
        assertEquals("sandbox setup failed (init): mount /x on /y: No such file or directory",
                Startup.describeError("init 2 mount /x on /y: No such file or directory"),
                "WHO ERRNO MESSAGE becomes '(WHO): MESSAGE'");
        assertEquals("sandbox setup failed (pid1): pivot_root: Invalid argument",
                Startup.describeError("pid1 22 pivot_root: Invalid argument"), "another process name");
    }

    @Test
    void describeErrorOfAShortMessageKeepsItWhole() {
        assertEquals("sandbox setup failed: init 2", Startup.describeError("init 2"), "fewer than three fields");
        assertEquals("sandbox setup failed: ", Startup.describeError(""), "an empty message");
    }

    @Test
    void exitCode() {
        Startup s = new Startup(0, null, null, "failed");
        assertEquals(125, s.exitCode(0), "an outer process that exited 0 after a failed setup is still sluice's 125");
        assertEquals(3, s.exitCode(3), "otherwise the outer process's own code");
        assertEquals(137, s.exitCode(137), "a signal-derived code is kept");
    }

    @Test
    void awaitReturnsPidAndListenerOnReady() {
        HostFd listener = HostFd.adopt(TestFds.eventfd());
        InitProcess init = mock(InitProcess.class);
        when(init.receive()).thenReturn(msg("PID1 4242"), new ControlSocket.Message("LISTENER", listener), msg("READY"));
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
        when(init.receive()).thenReturn(msg("PID1 11"), new ControlSocket.Message("CONSOLE /dev/ptmx", master), msg("READY"));
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
        when(init.receive()).thenReturn(new ControlSocket.Message("LISTENER", listener), msg("CONSOLE /dev/ptmx"));
        Startup s = Startup.await(init);
        assertTrue(s.failure() != null && s.failure().contains("no pty master fd"), "CONSOLE without SCM_RIGHTS: " + s.failure());
        assertFalse(TestFds.isOpen(n), "the listener received before is closed");
    }

    @Test
    void awaitWithoutAListenerIsReadyWithNone() {
        InitProcess init = mock(InitProcess.class);
        when(init.receive()).thenReturn(msg("PID1 7"), msg("READY"));
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
        when(init.receive()).thenReturn(msg("PID1 9"), new ControlSocket.Message("LISTENER", listener),
                msg("ERROR init 1 mount-setattr /s: Operation not permitted"));
        Startup s = Startup.await(init);
        assertEquals("sandbox setup failed (init): mount-setattr /s: Operation not permitted", s.failure(), "the error");
        assertNull(s.listener(), "no listener on failure");
        assertEquals(9, s.pid1(), "the pid is still reported");
        assertFalse(listener.isOpen(), "the listener received before the error is closed");
        assertFalse(TestFds.isOpen(n), "its host fd is closed");
    }

    @Test
    void awaitAtEndOfFileFails() {
        InitProcess init = mock(InitProcess.class);
        when(init.receive()).thenReturn(msg("PID1 5"), (ControlSocket.Message) null);
        Startup s = Startup.await(init);
        assertTrue(s.failure() != null && s.failure().contains("ended before"), "EOF before READY: " + s.failure());
    }

    @Test
    void awaitRejectsAListenerMessageWithoutAnFd() {
        InitProcess init = mock(InitProcess.class);
        when(init.receive()).thenReturn(msg("LISTENER"));
        Startup s = Startup.await(init);
        assertTrue(s.failure() != null && s.failure().contains("no listener fd"), "LISTENER without SCM_RIGHTS: " + s.failure());
    }

    @Test
    void awaitRejectsAnUnexpectedMessage() {
        InitProcess init = mock(InitProcess.class);
        when(init.receive()).thenReturn(msg("HELLO there"));
        Startup s = Startup.await(init);
        assertEquals("unexpected message from sluice-init: HELLO there", s.failure(), "an unknown verb");
    }

    @Test
    void awaitClosesAnFdPassedWithAnotherMessage() {
        int n = TestFds.eventfd();
        HostFd stray = HostFd.adopt(n);
        InitProcess init = mock(InitProcess.class);
        when(init.receive()).thenReturn(new ControlSocket.Message("PID1 3", stray), msg("READY"));
        Startup s = Startup.await(init);
        assertNull(s.failure(), "ready");
        assertFalse(TestFds.isOpen(n), "an fd that came with PID1 is closed, not leaked");
    }

    @Test
    void awaitExecReportsCommandNotFoundAndOtherErrnos() {
        InitProcess notFound = mock(InitProcess.class);
        when(notFound.receive()).thenReturn(msg("EXEC-FAILED 2 nosuchcmd"), (ControlSocket.Message) null);
        assertEquals("nosuchcmd: command not found", Startup.awaitExec(notFound), "ENOENT");

        InitProcess denied = mock(InitProcess.class);
        when(denied.receive()).thenReturn(msg("EXEC-FAILED 13 /tmp/x"), (ControlSocket.Message) null);
        assertEquals("cannot execute /tmp/x: EACCES", Startup.awaitExec(denied), "EACCES");

        InitProcess ok = mock(InitProcess.class);
        when(ok.receive()).thenReturn((ControlSocket.Message) null);
        assertNull(Startup.awaitExec(ok), "end of file alone: the workload exec'd");

        InitProcess error = mock(InitProcess.class);
        when(error.receive()).thenReturn(msg("ERROR pid1 5 chdir /x: No such file or directory"), (ControlSocket.Message) null);
        assertEquals("sandbox setup failed (pid1): chdir /x: No such file or directory", Startup.awaitExec(error), "ERROR");
    }

    @Test
    void awaitExecHandsTheProfileListenerToTheAgentThenLetsTheWorkloadExec() {
        int n = TestFds.eventfd();
        HostFd listener = HostFd.adopt(n);
        InitProcess init = mock(InitProcess.class);
        when(init.receive()).thenReturn(new ControlSocket.Message("AGENT-LISTENER", listener, 4711), (ControlSocket.Message) null);
        List<String> seen = new ArrayList<>();
        String failure = Startup.awaitExec(init, (fd, pid) -> {
            seen.add(fd.isOpen() + " " + pid);
            return null;
        });
        assertNull(failure, "handed over, then end of file: the workload exec'd");
        assertEquals(List.of("true 4711"), seen, "the agent got the open listener and the sender's host pid");
        verify(init).agentAnswer(true);
        assertFalse(TestFds.isOpen(n), "the sentry keeps no copy of the agent's listener");
    }

    @Test
    void awaitExecRefusesTheProfileListenerWhenTheAgentCannotTakeIt() {
        int n = TestFds.eventfd();
        InitProcess init = mock(InitProcess.class);
        when(init.receive()).thenReturn(new ControlSocket.Message("AGENT-LISTENER", HostFd.adopt(n), 12), (ControlSocket.Message) null);
        String failure = Startup.awaitExec(init, (fd, pid) -> "connect /run/agent.sock: ECONNREFUSED");
        assertEquals("connect /run/agent.sock: ECONNREFUSED", failure, "the agent's failure is start's failure");
        verify(init).agentAnswer(false);
        verify(init, never()).agentAnswer(true);
        assertFalse(TestFds.isOpen(n), "the listener is closed");
    }

    @Test
    void awaitExecRefusesTheProfileListenerWithoutAnAgentOrASender() {
        int n = TestFds.eventfd();
        InitProcess noAgent = mock(InitProcess.class);
        when(noAgent.receive()).thenReturn(new ControlSocket.Message("AGENT-LISTENER", HostFd.adopt(n), 12), (ControlSocket.Message) null);
        String failure = Startup.awaitExec(noAgent);
        assertTrue(failure != null && failure.contains("listenerPath"), "no agent to go to: " + failure);
        verify(noAgent).agentAnswer(false);
        assertFalse(TestFds.isOpen(n), "the listener is closed");

        int m = TestFds.eventfd();
        InitProcess noPid = mock(InitProcess.class);
        when(noPid.receive()).thenReturn(new ControlSocket.Message("AGENT-LISTENER", HostFd.adopt(m)), (ControlSocket.Message) null);
        List<Integer> called = new ArrayList<>();
        failure = Startup.awaitExec(noPid, (fd, pid) -> {
            called.add(pid);
            return null;
        });
        assertTrue(failure != null && failure.contains("which process"), "no SCM_CREDENTIALS: " + failure);
        assertTrue(called.isEmpty(), "the agent is not given a listener without its process's pid");
        verify(noPid).agentAnswer(false);
        assertFalse(TestFds.isOpen(m), "the listener is closed");
    }
}
