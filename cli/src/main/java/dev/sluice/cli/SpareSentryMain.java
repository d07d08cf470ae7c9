package dev.sluice.cli;

import ch.qos.logback.classic.Level;

import dev.sluice.oci.OciNative;
import dev.sluice.oci.daemon.SpareSentry;
import dev.sluice.oci.ipc.ClientSpawner;
import dev.sluice.oci.ipc.ServiceMessage;
import dev.sluice.oci.ipc.SpareMessage;
import dev.sluice.oci.service.SpareSentries;
import dev.sluice.sentry.ipc.Channel;
import dev.sluice.sentry.nativeio.HostFd;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;

/**
 * {@code sluice sentry-spare ROOT}: a spare sentry, started by the runtime service of {@code ROOT}
 * with its end of a socket pair as fd 3 ({@link SpareSentry}). Not a picocli command: {@link
 * Main#main} runs it before building any command line, since a spare is started once per container
 * with proxies and picocli's model costs a JVM start a tenth of a second.
 */
final class SpareSentryMain {
    /** The spare's whole environment besides the java to run (sluice-init's PATH, too). */
    static final String PATH = "/usr/sbin:/usr/bin:/sbin:/bin";

    private SpareSentryMain() {}

    /** Whether {@code args} name this command, as the runtime service starts it. */
    static boolean named(String[] args) {
        return args.length > 0 && args[0].equals(SpareSentry.COMMAND);
    }

    static int run(String[] args) {
        boolean runs = args.length == 3 && args[2].equals(SpareSentries.REHEARSE_RUN);
        if ((args.length != 2 && !runs) || !Path.of(args[1]).isAbsolute()) {
            System.err.println(
                    "usage: sluice "
                            + SpareSentry.COMMAND
                            + " ROOT ["
                            + SpareSentries.REHEARSE_RUN
                            + "] (started by the runtime service of ROOT, with fd 3 its socket)");
            return 2;
        }
        try {
            // Before the spare says it is ready: what a GPU or RDMA sandbox's create would build,
            // and, once its service has been asked for sandbox runs, a run's own part; a spare's
            // container rehearsal has neither.
            Installation.warmHostTables();
            if (runs) {
                rehearseRun();
            }
            return SpareSentry.run(
                    HostFd.adopt(SpareSentry.CHANNEL_FD),
                    Path.of(args[1]),
                    Installation.build(),
                    Installation.helper("sluice-init"),
                    Installation::proxies,
                    debug -> LogSetup.setLevel(Level.DEBUG),
                    SpareSentryMain::runSandbox);
        } catch (IOException | RuntimeException e) {
            System.err.println("sluice " + SpareSentry.COMMAND + ": " + e);
            return 1;
        }
    }

    /** The command line a spare rehearses: a mediated sandbox, as {@code bench startup} runs. */
    static final String[] REHEARSED_RUN = {"run", "--proxy", "pty", "--", "/bin/true"};

    /**
     * A sandbox run's part before sluice-init starts, on {@link #REHEARSED_RUN}: picocli's model of
     * {@code run} and the parse, the policy, the proxies, the spec and the launch plan ({@link
     * RunCommand#rehearse}), so that the code a caller's run takes first is loaded and compiled (on
     * 2 cores picocli's model alone was some 60 ms of a cold start). Nothing is started and nothing
     * on the host changes; a rehearsal that fails costs a run speed only.
     */
    static void rehearseRun() {
        try {
            picocli.CommandLine cl = Main.commandLine(new Main(), REHEARSED_RUN);
            picocli.CommandLine run = cl.getSubcommands().get("run");
            run.setStopAtPositional(true);
            cl.parseArgs(REHEARSED_RUN);
            ((RunCommand) run.getCommand()).rehearse();
        } catch (RuntimeException | IOException e) {
            System.err.println(
                    "sluice " + SpareSentry.COMMAND + ": the run's rehearsal failed: " + e);
        }
    }

    /**
     * A caller's {@code sluice run}, handed to this spare by the runtime service: run as the JVM
     * the caller would have started would run it. This JVM's stdout and stderr become the caller's
     * (its warnings, {@code --stats}, its log lines and errors go there, as that JVM's would); its
     * stdin stays {@code /dev/null}, since the sandbox's stdin is the caller's own (sluice-init is
     * the caller's child) and a sentry reads none. The command line is Sluice's parse of it, with
     * the caller's directory and environment and the caller as the one who starts and waits for
     * sluice-init ({@link ClientSpawner}); its exit code goes to the caller, and is this process's.
     */
    static int runSandbox(SpareMessage.Sandbox sandbox) {
        int code = Main.SLUICE_ERROR;
        try (HostFd out = sandbox.stdout();
                HostFd err = sandbox.stderr();
                ClientSpawner caller =
                        new ClientSpawner(
                                Channel.socket(
                                        sandbox.client(),
                                        "sluice-client",
                                        ServiceMessage.MAX_FRAME),
                                sandbox.caller())) {
            System.out.flush();
            System.err.flush();
            if (OciNative.dup2(out.fd(), 1) < 0 || OciNative.dup2(err.fd(), 2) < 0) {
                throw new IllegalStateException("cannot take the caller's stdout and stderr");
            }
            code = sandboxCode(sandbox, caller);
            System.out.flush();
            System.err.flush();
            caller.exit(code);
        } catch (RuntimeException e) {
            // The caller is gone (its sandbox died with it) or its connection broke.
            System.err.println("sluice run (spare sentry): " + e.getMessage());
        }
        return code;
    }

    /** The run's exit code, as the caller's own JVM would have exited with. */
    private static int sandboxCode(SpareMessage.Sandbox sandbox, ClientSpawner caller) {
        String[] args = sandbox.command().args().toArray(String[]::new);
        if (!Main.isSandboxRun(args)) {
            System.err.println("sluice: a spare sentry runs Sluice's sandbox run only");
            return Main.SLUICE_ERROR;
        }
        Invocation inv =
                new Invocation(
                        Path.of(sandbox.command().cwd()),
                        sandbox.command().environment(),
                        new PrintWriter(System.out, true),
                        new PrintWriter(System.err, true),
                        caller);
        return Main.execute(inv, args);
    }
}
