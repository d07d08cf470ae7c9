package dev.sluice.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import java.io.PrintWriter;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * {@code sluice}: a thin CLI over the sentry library. Each subcommand is one class returning its
 * exit code; {@code System.exit} happens here only.
 */
@Command(name = "sluice", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Run workloads in a sandbox whose GPU and RDMA device ioctls pass through the Java sentry.",
        subcommands = {RunCommand.class, BenchCommand.class, ProxiesCommand.class, IoctlsCommand.class})
public final class Main {
    /** Exit code for errors of sluice itself (usage, setup), as {@code docker run}. */
    static final int SLUICE_ERROR = 125;

    @Option(names = "--log-level", scope = ScopeType.INHERIT, paramLabel = "LEVEL", defaultValue = "warn",
            description = "error, warn, info, debug or trace (default: ${DEFAULT-VALUE}).")
    void logLevel(String level) {
        Level l = Level.toLevel(level, null);
        if (l == null) {
            throw new CommandLine.ParameterException(new CommandLine(this), "unknown log level '" + level + "'");
        }
        ((Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME)).setLevel(l);
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line and returns the exit code (for tests: never exits). */
    public static int execute(String... args) {
        CommandLine cl = new CommandLine(new Main());
        // Everything after CMD belongs to CMD: `sluice run ls -la` works without `--`.
        cl.getSubcommands().get("run").setStopAtPositional(true);
        cl.setParameterExceptionHandler((ex, a) -> {
            PrintWriter err = ex.getCommandLine().getErr();
            err.println("sluice: " + ex.getMessage());
            err.println("Try '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help' for more information.");
            return SLUICE_ERROR;
        });
        cl.setExecutionExceptionHandler((ex, c, parsed) -> {
            c.getErr().println("sluice: " + (ex.getMessage() != null ? ex.getMessage() : ex.toString()));
            if (LoggerFactory.getLogger(Main.class).isDebugEnabled()) {
                ex.printStackTrace(c.getErr());
            }
            return SLUICE_ERROR;
        });
        return cl.execute(args);
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"sluice " + (v != null ? v : "0.1.0-SNAPSHOT")};
        }
    }
}
