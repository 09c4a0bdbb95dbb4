/* Every unit test, once.  Add a name here and define int test_<name>(void) in a test_*.c. */
#define CB_UNIT_TESTS(X)                                                                           \
    X(parse_uint_rejects_sign_space_and_trailing)                                                  \
    X(parse_uint_enforces_max)                                                                     \
    X(parse_seconds_rejects_negative_and_nan)                                                      \
    X(parse_sizes_single_list_and_dims)                                                            \
    X(parse_sizes_suffixes)                                                                        \
    X(parse_sizes_rejects_bad_input)                                                               \
    X(parse_define_single_and_sweep)                                                               \
    X(parse_define_rejects_bad_input)                                                              \
    X(stats_odd_and_even_median)                                                                   \
    X(stats_single_sample_and_empty)                                                               \
    X(registry_names_unique_and_params_valid)                                                      \
    X(registry_param_allows_lists_and_ranges)                                                      \
    X(registry_closest_name)                                                                       \
    X(registry_add_appends_and_refuses_duplicates)                                                 \
    X(round_up_and_mul_overflow)                                                                   \
    X(verify_detects_wrong_and_nan)                                                                \
    X(verify_samples_large_outputs)                                                                \
    X(tolerance_grows_with_reduction)                                                              \
    X(parse_args_forgets_previous_call)                                                            \
    X(mann_whitney_hand_computed)                                                                  \
    X(mann_whitney_ties_match_scipy)                                                               \
    X(mann_whitney_degenerate)                                                                     \
    X(report_refuses_other_schemas)                                                                \
    X(report_merges_and_labels)                                                                    \
    X(report_short_names)                                                                          \
    X(grid_text_and_markdown)                                                                      \
    X(report_row_order_numeric)                                                                    \
    X(tune_exhaustive_measures_every_valid_point_once)                                             \
    X(tune_strategies_deterministic_within_budget)                                                 \
    X(tune_climb_beats_random_on_a_bowl)                                                           \
    X(tune_shards_partition_the_space)                                                             \
    X(tune_parse_budget_and_shard)                                                                 \
    X(tune_space_from_registry_and_defines)                                                        \
    X(tuned_db_merges_keeps_better_and_checks_schema)                                              \
    X(tuned_size_class_rounds_up)
