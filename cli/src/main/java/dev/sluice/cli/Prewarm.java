package dev.sluice.cli;

import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.nativeio.PosixSpawn;
import dev.sluice.sentry.seccomp.DefaultProfile;

import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Set;

/**
 * Start-up work that a command running a sandbox pays before its first system call, begun on a
 * thread of its own as soon as the JVM reaches {@code main}, so that it overlaps with picocli
 * building the command line's model (some 90 ms of a 2-core machine's start): jnr-ffi's bindings of
 * libc and of {@code posix_spawn} (generated with ASM at every start, some 65 ms) and the default
 * seccomp profile (docs/benchmarks.md, "Start"). Logging is set up first, on the calling thread.
 *
 * <p>Each step is a class initialisation or a cached parse, which the JVM makes safe to race: a
 * thread that needs the class while this one initialises it waits for it, and it is never done
 * twice (two parses of the profile can race; both give the same profile). A step that fails is kept
 * ({@link #failure}): the command meets the failure again where it needs that class, and on JDK 17
 * that second meeting no longer says why (only "could not initialize class"), so the command's
 * error line takes the reason from here.
 */
final class Prewarm {
    /** Arguments that only print something: no sandbox follows, nothing to warm. */
    private static final Set<String> PRINT_ONLY = Set.of("-h", "--help", "-V", "--version");

    /**
     * The steps, the longest first: a spare sentry needs the libc binding at once (its first act is
     * {@code setsid}). Logging is not among them: it is set up on the calling thread before they
     * start ({@link #start}).
     */
    static final List<Runnable> STEPS =
            List.of(
                    () -> initialize(Native.class),
                    DefaultProfile::get,
                    () -> initialize(PosixSpawn.class));

    /** This process's, once {@link #start} started one. */
    private static volatile Prewarm process;

    private final List<Runnable> steps;
    private volatile Throwable failure;

    Prewarm(List<Runnable> steps) {
        this.steps = List.copyOf(steps);
    }

    /**
     * Starts {@link #STEPS} on a daemon thread, as this process's start-up work, unless {@code
     * args} only ask for help or the version; returns the thread, or null when none was started.
     */
    static Thread start(String[] args) {
        if (!wanted(args)) {
            return null;
        }
        // SLF4J set up first, here: a class of the steps with a logger would otherwise start its
        // set-up on the other thread, and while that runs SLF4J answers this thread with stand-in
        // loggers, which the command's log level cannot be set on (they are not logback's).
        LoggerFactory.getILoggerFactory();
        Prewarm p = new Prewarm(STEPS);
        process = p;
        Thread t = new Thread(p::run, "sluice-prewarm");
        t.setDaemon(true);
        t.start();
        return t;
    }

    static boolean wanted(String[] args) {
        if (args.length == 0) {
            return false;
        }
        for (String a : args) {
            if (PRINT_ONLY.contains(a)) {
                return false;
            }
        }
        return true;
    }

    /** Runs the steps in order; the first failure is kept ({@link #failure}) and ends the run. */
    void run() {
        try {
            for (Runnable step : steps) {
                step.run();
            }
        } catch (Throwable t) {
            failure = t;
        }
    }

    /** The failure of a step, or null. */
    Throwable failure() {
        return failure;
    }

    /**
     * The reason to report for {@code e}, a command's failure: when it is a class that this
     * process's start-up work could not initialise, that work's own failure, which names the cause;
     * else {@code e}.
     */
    static Throwable reason(Throwable e) {
        Prewarm p = process;
        return p == null ? e : p.reasonFor(e);
    }

    Throwable reasonFor(Throwable e) {
        Throwable f = failure;
        if (f == null || !(e instanceof NoClassDefFoundError)) {
            return e;
        }
        return f instanceof ExceptionInInitializerError && f.getCause() != null ? f.getCause() : f;
    }

    private static void initialize(Class<?> c) {
        try {
            Class.forName(c.getName(), true, c.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e); // it is this build's own class
        }
    }
}
