package dev.sluice.cli;

import picocli.CommandLine;

import java.nio.file.Path;

/**
 * Paths in options resolve against the caller's directory ({@link Invocation#cwd}), which is the
 * runtime service's caller's, not the service's. A class rather than a lambda, so that picocli's
 * converter interface stays in the class-data archive ({@link CommandErrors} says why).
 */
final class CallerPaths implements CommandLine.ITypeConverter<Path> {
    private final Invocation inv;

    CallerPaths(Invocation inv) {
        this.inv = inv;
    }

    @Override
    public Path convert(String s) {
        return inv.cwd().resolve(s);
    }
}
