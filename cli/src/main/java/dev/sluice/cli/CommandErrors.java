package dev.sluice.cli;

import org.slf4j.LoggerFactory;

import picocli.CommandLine;

import java.io.PrintWriter;

/**
 * How a command line's errors are answered: a runc-compatible command's on {@code --log} and exit
 * 1, Sluice's own as {@code sluice: MESSAGE} and exit 125 ({@code rdma doctor}'s usage errors 2).
 *
 * <p>A class, not two lambdas: picocli's jar targets Java 5, and JDK 17 leaves an interface of such
 * a jar out of the class-data archive once a lambda of it was made while the archive was dumped,
 * and with it every class that implements it (docs/benchmarks.md, "A static archive").
 */
final class CommandErrors
        implements CommandLine.IParameterExceptionHandler, CommandLine.IExecutionExceptionHandler {
    private final Main main;

    CommandErrors(Main main) {
        this.main = main;
    }

    @Override
    public int handleParseException(CommandLine.ParameterException ex, String[] args) {
        PrintWriter err = ex.getCommandLine().getErr();
        Object cmd = ex.getCommandLine().getCommand();
        if (cmd instanceof OciCommand) {
            main.ociLog().error(ex.getMessage(), err);
            return OciCommand.FAILED;
        }
        int status =
                cmd instanceof RdmaCommand || cmd instanceof RdmaDoctorCommand
                        ? RdmaDoctorCommand.USAGE
                        : Main.SLUICE_ERROR;
        err.println("sluice: " + ex.getMessage());
        err.println(
                "Try '"
                        + ex.getCommandLine().getCommandSpec().qualifiedName()
                        + " --help' for more information.");
        return status;
    }

    @Override
    public int handleExecutionException(
            Exception ex, CommandLine c, CommandLine.ParseResult parsed) {
        String message = ex.getMessage() != null ? ex.getMessage() : ex.toString();
        if (LoggerFactory.getLogger(Main.class).isDebugEnabled()) {
            ex.printStackTrace(c.getErr());
        }
        if (c.getCommand() instanceof OciCommand) {
            main.ociLog().error(message, c.getErr());
            return OciCommand.FAILED;
        }
        c.getErr().println("sluice: " + message);
        return Main.SLUICE_ERROR;
    }
}
