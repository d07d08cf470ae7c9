package dev.sluice.e2e;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.IOException;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Marks a suite that starts real sandboxes: {@code sluice run} needs root (it creates mount and pid
 * namespaces). Without root the suite is reported as skipped, with the reason, never as passed.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(RequiresRoot.Condition.class)
@interface RequiresRoot {

    final class Condition implements ExecutionCondition {
        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            long euid = effectiveUid();
            if (euid == 0) {
                return ConditionEvaluationResult.enabled("running as root");
            }
            String reason =
                    "SKIPPED: sluice run needs root (effective uid is "
                            + euid
                            + "); run the end-to-end suites as root to exercise them";
            System.err.println("[sluice-e2e] " + context.getDisplayName() + ": " + reason);
            return ConditionEvaluationResult.disabled(reason);
        }

        /**
         * The effective uid from /proc/self/status ({@code Uid: real effective saved fs}); -1 if
         * unknown.
         */
        static long effectiveUid() {
            try {
                for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                    if (line.startsWith("Uid:")) {
                        return Long.parseLong(line.substring(4).trim().split("\\s+")[1]);
                    }
                }
            } catch (IOException | RuntimeException e) {
                return -1;
            }
            return -1;
        }
    }
}
