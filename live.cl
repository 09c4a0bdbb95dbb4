#error edited during the run
