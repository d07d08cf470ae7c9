package dev.sluice.cli;

import dev.sluice.oci.runtime.ContainerRuntime;

import picocli.CommandLine.ParentCommand;

import java.util.concurrent.Callable;

/**
 * A runc-compatible command. Its failures are reported the way OCI clients expect: a line in {@code
 * --log} (in {@code --log-format}), the message on stderr, and exit status 1, usage errors
 * included. The global options live on {@link Main}.
 */
abstract class OciCommand implements Callable<Integer> {
    /** runc's exit status for every failure of its own. */
    static final int FAILED = 1;

    @ParentCommand Main main;

    ContainerRuntime runtime() {
        return new ContainerRuntime(main.root, main.systemdCgroup);
    }

    @Override
    public final Integer call() throws Exception {
        main.ociLog().debug(getClass().getSimpleName() + " " + describe());
        return run();
    }

    /** What the command was asked, for --debug. */
    String describe() {
        return "";
    }

    abstract int run() throws Exception;
}
