package dev.sluice.sentry.nativeio;

import java.util.List;

/**
 * Signals in one place: the x86_64 numbers (arch/x86/include/uapi/asm/signal.h), their names, and
 * which ones each part of Sluice forwards. SignalsTest compares the numbers with the C library's
 * {@code <signal.h>} as {@code sluice-abi-dump} prints it, and {@link #INIT_FORWARDED} with the
 * list {@code sluice-init} compiles in (native-shims/src/main/c/init/sig.c).
 */
public final class Signals {
    public static final int SIGHUP = 1;
    public static final int SIGINT = 2;
    public static final int SIGQUIT = 3;
    public static final int SIGILL = 4;
    public static final int SIGTRAP = 5;
    public static final int SIGABRT = 6;
    public static final int SIGBUS = 7;
    public static final int SIGFPE = 8;
    public static final int SIGKILL = 9;
    public static final int SIGUSR1 = 10;
    public static final int SIGSEGV = 11;
    public static final int SIGUSR2 = 12;
    public static final int SIGPIPE = 13;
    public static final int SIGALRM = 14;
    public static final int SIGTERM = 15;
    public static final int SIGSTKFLT = 16;
    public static final int SIGCHLD = 17;
    public static final int SIGCONT = 18;
    public static final int SIGSTOP = 19;
    public static final int SIGTSTP = 20;
    public static final int SIGTTIN = 21;
    public static final int SIGTTOU = 22;
    public static final int SIGURG = 23;
    public static final int SIGXCPU = 24;
    public static final int SIGXFSZ = 25;
    public static final int SIGVTALRM = 26;
    public static final int SIGPROF = 27;
    public static final int SIGWINCH = 28;
    public static final int SIGIO = 29;
    public static final int SIGPWR = 30;
    public static final int SIGSYS = 31;

    /**
     * The first real-time signal as the C library numbers it, and so as runc and the OCI runtime
     * spec number {@code RTMIN+N}: glibc keeps the kernel's first two (32, 33) for its threads.
     */
    public static final int SIGRTMIN = 34;

    public static final int SIGRTMAX = 64;

    /**
     * The names of signals 1 to 31 without {@code SIG}, by number ({@code NAMES.get(9)} is {@code
     * KILL}); index 0 is empty.
     */
    public static final List<String> NAMES =
            List.of(
                    "", "HUP", "INT", "QUIT", "ILL", "TRAP", "ABRT", "BUS", "FPE", "KILL", "USR1",
                    "SEGV", "USR2", "PIPE", "ALRM", "TERM", "STKFLT", "CHLD", "CONT", "STOP",
                    "TSTP", "TTIN", "TTOU", "URG", "XCPU", "XFSZ", "VTALRM", "PROF", "WINCH", "IO",
                    "PWR", "SYS");

    /**
     * What {@code sluice-init} (outer and init alike) passes on to its child when someone sent it
     * with {@code kill()}: the {@code forwarded} list of native-shims/src/main/c/init/sig.c.
     */
    public static final List<Integer> INIT_FORWARDED =
            List.of(SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGWINCH);

    /**
     * What {@code sluice run} passes from its JVM to the sandbox's outer process, which forwards it
     * on ({@link #INIT_FORWARDED} holds them all).
     */
    public static final List<Integer> RUN_FORWARDED = List.of(SIGINT, SIGTERM, SIGHUP);

    /**
     * What a foreground OCI {@code run} or {@code exec} passes on to the container's process.
     * SIGQUIT and SIGUSR1 belong to the JVM (thread dumps, its own use) and are not taken.
     */
    public static final List<Integer> CONTAINER_FORWARDED =
            List.of(SIGINT, SIGTERM, SIGHUP, SIGUSR2);

    private Signals() {}

    /**
     * {@code sig}'s name without {@code SIG} ({@code TERM}), as {@code sun.misc.Signal} takes it;
     * signals 1 to 31.
     */
    public static String name(int sig) {
        if (sig < 1 || sig >= NAMES.size()) {
            throw new IllegalArgumentException("no name for signal " + sig);
        }
        return NAMES.get(sig);
    }

    /** The names of {@code signals}, in order. */
    public static List<String> names(List<Integer> signals) {
        return signals.stream().map(Signals::name).toList();
    }
}
