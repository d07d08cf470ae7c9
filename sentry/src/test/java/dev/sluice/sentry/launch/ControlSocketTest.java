package dev.sluice.sentry.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.sentry.ipc.Channel;
import dev.sluice.sentry.ipc.ControlMessage;
import dev.sluice.sentry.ipc.Frame;
import dev.sluice.sentry.ipc.Message;
import dev.sluice.sentry.nativeio.HostFd;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The control socket with the real {@code sluice-init} at the other end: the C side's frames
 * (native-shims' common/ipc.c) as the sentry reads them, including errors longer than a page, and
 * what sluice-init does with frames the sentry never sends.
 */
@Timeout(30)
class ControlSocketTest {
    private static final Path INIT =
            Path.of(System.getProperty("sluice.init", "../native-shims/target/bin/sluice-init"));

    @TempDir Path tmp;

    /** Any frame at all, as a misbehaving sentry could send it. */
    record Raw(Frame frame) implements Message {}

    @Test
    void anErrorLongerThanAPageArrivesWhole() {
        String dir = "/" + "d".repeat(6000);
        LaunchPlan plan =
                LaunchPlan.builder().chdir(dir).exec("/bin/true", List.of("true")).build();
        try (InitProcess p = InitProcess.spawn(INIT, plan)) {
            Startup s = Startup.await(p);
            assertEquals(
                    "sandbox setup failed (proc): chdir " + dir + ": File name too long",
                    s.failure(),
                    "the whole ERROR frame, 6 KB of path in it");
            assertEquals(125, s.exitCode(p.waitFor()), "a setup failure");
        }
    }

    @Test
    void anExecFailureOfALongNameArrivesWhole() {
        String file = "/" + "e".repeat(5000);
        LaunchPlan plan = LaunchPlan.builder().exec(file, List.of("e")).build();
        try (InitProcess p = InitProcess.spawn(INIT, plan)) {
            assertNull(Startup.await(p).failure(), "set up");
            p.go();
            assertEquals(
                    "cannot execute " + file + ": ENAMETOOLONG",
                    Startup.awaitExec(p),
                    "EXEC-FAILED with the whole name");
            assertEquals(126, p.waitFor());
        }
    }

    @Test
    void aFieldPercentAndNewlineInAnErrorTravelAsTheyAre() {
        String dir = "/no such dir/100%\nx@y";
        LaunchPlan plan =
                LaunchPlan.builder().chdir(dir).exec("/bin/true", List.of("true")).build();
        try (InitProcess p = InitProcess.spawn(INIT, plan)) {
            assertEquals(
                    "sandbox setup failed (proc): chdir " + dir + ": No such file or directory",
                    Startup.await(p).failure());
            p.waitFor();
        }
    }

    /** sluice-init's own end, spawned by hand: the test plays the sentry frame by frame. */
    private int playSentry(LaunchPlan plan, Frame instead) throws Exception {
        HostFd[] pair = ControlSocket.pair();
        int pid;
        try (HostFd child = pair[1]) {
            pid =
                    Spawner.LOCAL.spawn(
                            INIT.toString(),
                            List.of(
                                    INIT.toString(),
                                    "--control-fd",
                                    "3",
                                    "--parent-pid",
                                    Integer.toString(Spawner.LOCAL.parentPid())),
                            List.of("PATH=/usr/bin:/bin"),
                            List.of(new Spawner.Fd(child.fd(), 3)));
        }
        try (Channel c = Channel.socket(pair[0], "sluice-init", ControlMessage.MAX_FRAME)) {
            c.sendRecord(plan.encode());
            assertInstanceOf(
                    ControlMessage.Pid1.class, c.receive(ControlMessage.FROM_INIT), "PID1 first");
            assertInstanceOf(
                    ControlMessage.Ready.class, c.receive(ControlMessage.FROM_INIT), "then READY");
            c.send(new Raw(instead));
            assertNull(c.receive(ControlMessage.FROM_INIT), "then nothing: end of file");
        }
        int st = Spawner.LOCAL.waitFor(pid);
        return (st >> 8) & 0xff;
    }

    @Test
    void onlyAPlainGoLetsTheWorkloadExec() throws Exception {
        Path ran = tmp.resolve("ran");
        LaunchPlan plan =
                LaunchPlan.builder()
                        .exec("/bin/sh", List.of("sh", "-c", "touch '" + ran + "'"))
                        .build();
        for (Frame notGo :
                List.of(
                        Frame.of("GO", "now"),
                        Frame.of("GOING"),
                        Frame.of("HOLD"),
                        Frame.of("AGENT-DONE"))) {
            assertEquals(
                    125,
                    playSentry(plan, notGo),
                    "'" + notGo + "' instead of GO: the workload exits 125");
            assertFalse(Files.exists(ran), "and never execs: " + notGo);
        }
        assertEquals(0, playSentry(plan, Frame.of("GO")), "GO itself");
        assertTrue(Files.exists(ran), "the workload ran");
    }
}
