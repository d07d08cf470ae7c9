package dev.sluice.cli;

import ch.qos.logback.classic.Level;

import dev.sluice.oci.service.RuntimeService;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * {@code sluice}: a thin CLI over the sentry library. Each subcommand is one class returning its
 * exit code; {@code System.exit} happens here only.
 *
 * <p>Two families of commands share it: Sluice's own ({@code run CMD}, {@code bench}, {@code
 * proxies}, {@code ioctls}, {@code rdma doctor}; errors exit 125, except {@code rdma doctor}'s
 * usage errors, which exit 2) and the runc-compatible ones ({@code create}, {@code start}, {@code
 * state}, {@code kill}, {@code delete}, {@code list}, {@code spec}, {@code features}, and {@code
 * run} in its runc form; errors go to {@code --log} and exit 1). {@link OciGrammar} says which
 * {@code run} a command line means.
 */
@Command(
        name = "sluice",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {
            "Run workloads in a sandbox whose GPU and RDMA device ioctls pass through the Java sentry,",
            "or run OCI containers the same way as a runc-compatible runtime (create, start, state, kill, delete...)."
        })
public final class Main {
    /**
     * Every subcommand. Only the one a command line names is given to picocli: its reflective model
     * of all of them took about 0.3 s of every start (before picocli's classes were in the
     * class-data archive), which a container manager pays on each create, start, state and delete.
     * {@code --help}, a bare {@code sluice} and unknown words get all of them.
     */
    static final List<Class<?>> SUBCOMMANDS =
            List.of(
                    RunCommand.class,
                    BenchCommand.class,
                    ProxiesCommand.class,
                    IoctlsCommand.class,
                    CreateCommand.class,
                    StartCommand.class,
                    StateCommand.class,
                    KillCommand.class,
                    DeleteCommand.class,
                    ListCommand.class,
                    SpecCommand.class,
                    FeaturesCommand.class,
                    SentryDaemonCommand.class,
                    ServiceCommand.class,
                    ExecCommand.class,
                    CdsTrainCommand.class,
                    PauseCommand.class,
                    ResumeCommand.class,
                    PsCommand.class,
                    RdmaCommand.class,
                    CdiCommand.class,
                    HookCommand.class);

    /** Exit code for errors of sluice itself (usage, setup), as {@code docker run}. */
    static final int SLUICE_ERROR = 125;

    /** Where OCI state lives, and the runtime service of a plain command line runs. */
    static final String DEFAULT_ROOT = "/run/sluice";

    // runc's global options (docs/oci.md). Inherited, so they may also follow the command.
    @Option(
            names = "--root",
            scope = ScopeType.INHERIT,
            paramLabel = "DIR",
            defaultValue = DEFAULT_ROOT,
            description = "Where OCI container state lives (default: ${DEFAULT-VALUE}).")
    Path root;

    @Option(
            names = "--log",
            scope = ScopeType.INHERIT,
            paramLabel = "FILE",
            description = "Append OCI runtime log lines (errors, and more with --debug) to FILE.")
    Path log;

    @Option(
            names = "--log-format",
            scope = ScopeType.INHERIT,
            paramLabel = "FORMAT",
            defaultValue = "text",
            description = "text or json (default: ${DEFAULT-VALUE}).")
    void logFormat(String format) {
        if (!format.equals("text") && !format.equals("json")) {
            throw new CommandLine.ParameterException(
                    new CommandLine(this), "unknown --log-format '" + format + "': text or json");
        }
        this.logFormat = format;
    }

    String logFormat = "text";

    @Option(
            names = "--debug",
            scope = ScopeType.INHERIT,
            description = "Log debug information (OCI commands).")
    void debug(boolean on) {
        this.debug = on;
        if (on) {
            LogSetup.setLevel(Level.DEBUG);
        }
    }

    boolean debug;

    @Option(
            names = "--systemd-cgroup",
            scope = ScopeType.INHERIT,
            description =
                    "cgroupsPath is systemd's slice:prefix:name (made as a plain cgroup, without asking systemd).")
    boolean systemdCgroup;

    /** Whose command this is (set before parsing). */
    Invocation invocation = Invocation.own();

    OciLog ociLog() {
        return new OciLog(log, logFormat, debug);
    }

    @Option(
            names = "--log-level",
            scope = ScopeType.INHERIT,
            paramLabel = "LEVEL",
            defaultValue = "warn",
            description = "error, warn, info, debug or trace (default: ${DEFAULT-VALUE}).")
    void logLevel(String level) {
        Level l = Level.toLevel(level, null);
        if (l == null) {
            throw new CommandLine.ParameterException(
                    new CommandLine(this), "unknown log level '" + level + "'");
        }
        LogSetup.setLevel(l);
    }

    public static void main(String[] args) {
        Prewarm.start(args);
        try {
            if (SpareSentryMain.named(args)) {
                System.exit(SpareSentryMain.run(args));
            }
            System.exit(execute(args));
        } catch (NoClassDefFoundError e) {
            // A class the start-up work could not initialise (jnr-ffi without its native stub,
            // say): JDK 17 tells the second thread to need it nothing of why.
            Throwable first = Prewarm.reason(e);
            StringBuilder why = new StringBuilder("sluice: cannot start: ").append(first);
            for (Throwable t = first.getCause(); t != null; t = t.getCause()) {
                why.append(": ").append(t);
            }
            System.err.println(why);
            System.exit(SLUICE_ERROR);
        }
    }

    /** Runs the command line and returns the exit code (for tests: never exits). */
    public static int execute(String... args) {
        return execute(Invocation.own(), args);
    }

    /**
     * Runs the command line for {@code inv}'s caller: its output goes to the caller's writers, and
     * relative paths in options resolve against the caller's directory.
     */
    static int execute(Invocation inv, String... args) {
        Main main = new Main();
        main.invocation = inv;
        CommandLine cl = commandLine(main, args);
        Map<String, CommandLine> sub = cl.getSubcommands();
        boolean ociRun =
                sub.containsKey("run")
                        && OciGrammar.isOciRun(Arrays.asList(args), cl.getCommandSpec());
        if (inv.forCaller()) {
            String command = OciGrammar.command(Arrays.asList(args), cl.getCommandSpec());
            if ("run".equals(command) && !ociRun) {
                // Sluice's own sandbox run: a spare sentry runs it for the caller, or the caller
                // runs it in a JVM of its own; never a thread of the service.
                return inv.spares().forSandbox()
                        ? RuntimeService.HANDED_OVER
                        : RuntimeService.NOT_SERVED;
            }
            if (!ServiceCommand.serves(command, ociRun)) {
                return RuntimeService.NOT_SERVED;
            }
        }
        if (ociRun) {
            cl.getCommandSpec().removeSubcommand("run");
            cl.addSubcommand("run", new OciRunCommand());
        } else if (sub.containsKey("run")) {
            // Everything after CMD belongs to CMD: `sluice run ls -la` works without `--`.
            sub.get("run").setStopAtPositional(true);
        }
        if (sub.containsKey("exec")) {
            sub.get("exec").setStopAtPositional(true); // runc's: options end at the id
        }
        if (sub.containsKey("ps")) {
            sub.get("ps")
                    .setStopAtPositional(true); // `ps ID -o pid,args`: after ID, ps's own options
        }
        // After runc's run took the place of Sluice's: picocli gives these only to the subcommands
        // it has when they are set, and the runtime service's System.err is its log, not the
        // caller's.
        cl.setOut(inv.out());
        cl.setErr(inv.err());
        cl.registerConverter(Path.class, new CallerPaths(inv));
        CommandErrors errors = new CommandErrors(main);
        cl.setParameterExceptionHandler(errors);
        cl.setExecutionExceptionHandler(errors);
        return cl.execute(args);
    }

    /**
     * Whether {@code args} are Sluice's own sandbox {@code run}, not runc's nor another command.
     */
    static boolean isSandboxRun(String... args) {
        CommandLine cl = commandLine(new Main(), args);
        List<String> words = Arrays.asList(args);
        return "run".equals(OciGrammar.command(words, cl.getCommandSpec()))
                && !OciGrammar.isOciRun(words, cl.getCommandSpec());
    }

    /**
     * The command line for {@code args}: the subcommand they name, or all of them ({@link
     * #SUBCOMMANDS}). Tests pass no args to get every subcommand.
     */
    static CommandLine commandLine(Main main, String... args) {
        CommandLine cl = new CommandLine(main);
        String named = OciGrammar.command(Arrays.asList(args), cl.getCommandSpec());
        boolean known = SUBCOMMANDS.stream().anyMatch(c -> name(c).equals(named));
        for (Class<?> c : SUBCOMMANDS) {
            if (!known || name(c).equals(named)) {
                cl.addSubcommand(name(c), c);
            }
        }
        return cl;
    }

    private static String name(Class<?> command) {
        return command.getAnnotation(Command.class).name();
    }

    /** This build's version. */
    static String version() {
        String v = Main.class.getPackage().getImplementationVersion();
        return v != null ? v : "0.1.0-SNAPSHOT";
    }

    /**
     * {@code --version}: runc's layout (clients log it; the spec line says what config versions we
     * read).
     */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {
                "sluice version " + version(),
                "spec: " + dev.sluice.oci.spec.DefaultSpec.OCI_VERSION
            };
        }
    }
}
