package dev.sluice.cli;

import dev.sluice.oci.daemon.SpareSentry;
import dev.sluice.oci.service.RuntimeService;
import dev.sluice.oci.service.SpareSentries;
import dev.sluice.sentry.launch.Spawner;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code sluice service} (hidden): the resident runtime service of one {@code --root}, started in
 * the background by {@code sluice-client} when it finds none (see {@link RuntimeService}).
 */
@Command(
        name = "service",
        hidden = true,
        description = "The resident runtime service (started by sluice-client).")
final class ServiceCommand extends OciCommand {
    @Option(names = "--socket", required = true)
    Path socket;

    @Option(names = "--idle-seconds", defaultValue = "60")
    int idleSeconds;

    @Override
    int run() throws Exception {
        // Its log (<root>/.sluice-service.log) says what it served and its spares, besides the
        // warnings.
        for (Class<?> c : List.of(RuntimeService.class, SpareSentries.class)) {
            ((ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger(c))
                    .setLevel(ch.qos.logback.classic.Level.INFO);
        }
        LogSetup.perCallerLevels();
        // fd 3 holds sluice-client's lock for as long as this service lives (one service per root):
        // a hook the service runs must not inherit it and outlive us holding it.
        dev.sluice.oci.OciNative.setCloseOnExec(3);
        return new RuntimeService(socket, idleSeconds * 1000L, ServiceCommand::serve, spares())
                .run();
    }

    /**
     * The spare sentries this service keeps for creates of containers with proxies, started as
     * {@code bin/sluice sentry-spare ROOT} (the launcher: a sentry's JVM flags) with this JVM's
     * java and nothing else of the service's environment; none where the launcher is missing (a JVM
     * run from the class path, in tests) or {@code SLUICE_SPARE=0}. {@code SLUICE_SPARE=N} keeps N
     * (1 to {@value SpareSentries#MAX_SIZE}); unset, one per four CPUs this process may run on
     * ({@link SpareSentries#sizeFor}).
     */
    private SpareSentries spares() {
        Path launcher = Installation.launcher();
        String asked = System.getenv("SLUICE_SPARE");
        if (!Files.isExecutable(launcher) || "0".equals(asked)) {
            return null;
        }
        int size = poolSize(asked, Runtime.getRuntime().availableProcessors(), System.err::println);
        List<String> env = new ArrayList<>();
        env.add("PATH=" + SpareSentryMain.PATH);
        ProcessHandle.current().info().command().ifPresent(java -> env.add("SLUICE_JAVA=" + java));
        return new SpareSentries(
                new SpareSentries.Command(
                        List.of(
                                launcher.toString(),
                                SpareSentry.COMMAND,
                                main.root.toAbsolutePath().toString()),
                        env),
                Installation.build(),
                Spawner.LOCAL,
                size);
    }

    /**
     * The pool's size: {@code asked} ({@code SLUICE_SPARE}, 1 to {@value SpareSentries#MAX_SIZE})
     * when set, else {@link SpareSentries#sizeFor} the CPUs. Any other value is named to {@code
     * warn} (the service's log: a bad value costs speed, never a create) and the default kept.
     */
    static int poolSize(String asked, int cpus, java.util.function.Consumer<String> warn) {
        int size = SpareSentries.sizeFor(cpus);
        if (asked == null || asked.isEmpty()) {
            return size;
        }
        try {
            int n = Integer.parseInt(asked.trim());
            if (n >= 1 && n <= SpareSentries.MAX_SIZE) {
                return n;
            }
        } catch (NumberFormatException e) {
            // named below
        }
        warn.accept(
                "sluice service: SLUICE_SPARE="
                        + asked
                        + " is not a number of spare sentries from 0 to "
                        + SpareSentries.MAX_SIZE
                        + "; keeping "
                        + size);
        return size;
    }

    /**
     * The commands this service runs for its callers: the runtime's (those bin/sluice hands it),
     * {@code exec} and runc's {@code run} of a bundle among them, whose process or container the
     * caller waits for and forwards its signals to. Any other (the benches, {@code service} or
     * {@code sentry-spare} themselves) it leaves to the caller's own JVM ({@link
     * RuntimeService#NOT_SERVED}): they belong to a process of their own (its signals, its
     * children, its exit), not to a thread of the service. Sluice's own sandbox {@code run} is
     * never run here either: a spare sentry runs it, a process of its own, when the caller is
     * equivalent to the service ({@link Main#execute}), and otherwise the caller's own JVM.
     */
    static final java.util.Set<String> SERVED =
            java.util.Set.of(
                    "create",
                    "start",
                    "state",
                    "kill",
                    "delete",
                    "list",
                    "ps",
                    "pause",
                    "resume",
                    "features",
                    "spec",
                    "exec");

    /** Whether the service runs {@code command} ({@code ociRun}: a {@code run} in runc's form). */
    static boolean serves(String command, boolean ociRun) {
        return command != null && (SERVED.contains(command) || ("run".equals(command) && ociRun));
    }

    /**
     * One caller's command, as bin/sluice would run it: its stdio, environment and log lines are
     * the caller's.
     */
    static int serve(RuntimeService.Caller c, List<String> args) {
        PrintWriter out =
                new PrintWriter(new OutputStreamWriter(c.out(), StandardCharsets.UTF_8), true);
        PrintWriter err =
                new PrintWriter(new OutputStreamWriter(c.err(), StandardCharsets.UTF_8), true);
        LogSetup.CALLER_STDERR.set(c.err()); // the command's log lines are the caller's
        try {
            return Main.execute(
                    new Invocation(c.cwd(), c.env(), out, err, c.spawner(), c.spares()),
                    args.toArray(String[]::new));
        } finally {
            LogSetup.CALLER_STDERR.remove();
            LogSetup.CALLER_LEVEL.remove();
            out.flush();
            err.flush();
        }
    }
}
