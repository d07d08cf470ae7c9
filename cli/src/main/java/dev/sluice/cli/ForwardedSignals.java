package dev.sluice.cli;

import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.nativeio.Signals;

import sun.misc.Signal;
import sun.misc.SignalHandler;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * While a foreground {@code run} or {@code exec} waits, the signals a terminal or a supervisor
 * sends to sluice go on to the container's process, as with runc. SIGQUIT and SIGUSR1 belong to the
 * JVM and are not taken. Closing puts the previous handlers back.
 */
final class ForwardedSignals implements AutoCloseable {
    static final List<String> NAMES = Signals.names(Signals.CONTAINER_FORWARDED);

    private final List<Signal> signals = new ArrayList<>();
    private final List<SignalHandler> previous = new ArrayList<>();

    private ForwardedSignals() {}

    /** Hands each forwarded signal's number to {@code to} until closed. */
    static ForwardedSignals to(IntConsumer to) {
        ForwardedSignals f = new ForwardedSignals();
        for (String name : NAMES) {
            Signal s = new Signal(name);
            f.signals.add(s);
            Native.unignore(s.getNumber()); // a kill sent to sluice is forwarded, as runc's
            f.previous.add(Signal.handle(s, sig -> to.accept(sig.getNumber())));
        }
        return f;
    }

    @Override
    public void close() {
        for (int i = 0; i < signals.size(); i++) {
            Signal.handle(signals.get(i), previous.get(i));
        }
    }
}
