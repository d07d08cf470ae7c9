package dev.sluice.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ConfiguratorRank;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.spi.ContextAwareBase;
import ch.qos.logback.core.spi.FilterReply;

import org.slf4j.Logger;
import org.slf4j.Marker;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Sluice's logging set-up, in code: human lines on stderr ({@code sluice LEVEL Logger: message}),
 * root at WARN until {@code --log-level} or {@code --debug} changes it. Found by logback through
 * {@code META-INF/services}, ranked above its XML configurators, so no {@code logback.xml} is
 * parsed: the XML reader alone cost a short command such as {@code sluice state} about a quarter of
 * a second of JVM start (docs/benchmarks.md, lifecycle).
 */
@ConfiguratorRank(ConfiguratorRank.CUSTOM_TOP_PRIORITY)
public final class LogSetup extends ContextAwareBase implements Configurator {
    /**
     * The stderr of the caller whose command this thread runs in the runtime service (and threads
     * it starts): its log lines reach that caller, as they would from a JVM of its own. Unset: this
     * process's stderr.
     */
    static final InheritableThreadLocal<OutputStream> CALLER_STDERR =
            new InheritableThreadLocal<>();

    /**
     * The log level a command run for a caller of the runtime service asked for ({@link
     * #setLevel}).
     */
    static final InheritableThreadLocal<Level> CALLER_LEVEL = new InheritableThreadLocal<>();

    /**
     * {@code --log-level}, {@code --debug}: the root logger's level, or, for a command the runtime
     * service runs, that command's own (one caller's {@code --debug} must not reach the next);
     * {@link #perCallerLevels} makes it count.
     */
    static void setLevel(Level level) {
        if (CALLER_STDERR.get() != null) {
            CALLER_LEVEL.set(level);
        } else {
            ((ch.qos.logback.classic.Logger)
                            org.slf4j.LoggerFactory.getLogger(Logger.ROOT_LOGGER_NAME))
                    .setLevel(level);
        }
    }

    /**
     * In the runtime service: a line of a command run for a caller is logged by that command's
     * level; other lines by the loggers' levels. Not in other JVMs: the sentry's hot path need not
     * pay for the check.
     */
    static void perCallerLevels() {
        LoggerContext context = (LoggerContext) org.slf4j.LoggerFactory.getILoggerFactory();
        context.addTurboFilter(
                new TurboFilter() {
                    @Override
                    public FilterReply decide(
                            Marker marker,
                            ch.qos.logback.classic.Logger logger,
                            Level level,
                            String format,
                            Object[] params,
                            Throwable t) {
                        Level caller = CALLER_LEVEL.get();
                        if (caller == null || level == null) {
                            return FilterReply.NEUTRAL;
                        }
                        return level.isGreaterOrEqual(caller)
                                ? FilterReply.ACCEPT
                                : FilterReply.DENY;
                    }
                });
    }

    /**
     * This process's stderr as it is at each line (the sentry daemon points it at its log), or the
     * caller's.
     */
    private static final OutputStream STDERR =
            new OutputStream() {
                @Override
                public void write(int b) throws IOException {
                    target().write(b);
                }

                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    target().write(b, off, len);
                }

                @Override
                public void flush() throws IOException {
                    target().flush();
                }

                private OutputStream target() {
                    OutputStream caller = CALLER_STDERR.get();
                    return caller != null ? caller : System.err;
                }
            };

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern("sluice %-5level %logger{0}: %msg%n");
        encoder.start();
        OutputStreamAppender<ILoggingEvent> stderr = new OutputStreamAppender<>();
        stderr.setContext(context);
        stderr.setName("STDERR");
        stderr.setEncoder(encoder);
        stderr.setOutputStream(STDERR);
        stderr.start();
        ch.qos.logback.classic.Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.WARN);
        root.addAppender(stderr);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }
}
